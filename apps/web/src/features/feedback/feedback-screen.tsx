import type { FeedbackReceipt } from '@tessera/contract/api/feedback';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import type { ParseKeys } from 'i18next';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { FormField, inputClass } from '../../ui/form-field';
import { Page } from '../../ui/page';
import { useSubmitFeedback } from './api/submit-feedback';
import { addImages } from './image-check';

interface FormValues {
  content: string;
  contact: string;
}

type FieldName = keyof FormValues | 'images';

/** Server field paths (`body/content`, `body/images/1`) to the form's fields. */
function fieldOf(path: string): FieldName | null {
  const name = path.replace(/^body\//, '').split('/')[0];
  return name === 'content' || name === 'contact' || name === 'images' ? name : null;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function ImagePreviews({ images, onRemove }: { images: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation();
  // Object URLs live as long as the previews: created on render of a new list, revoked when it changes.
  const [urls] = useState(() => new Map<File, string>());
  for (const [file, url] of urls) {
    if (!images.includes(file)) {
      URL.revokeObjectURL(url);
      urls.delete(file);
    }
  }
  return (
    <ul className="flex flex-wrap gap-3" aria-label={t('feedback.previews')}>
      {images.map((file, index) => {
        let url = urls.get(file);
        if (!url) {
          url = URL.createObjectURL(file);
          urls.set(file, url);
        }
        return (
          <li key={url} className="relative">
            <img src={url} alt={file.name} className="size-24 rounded-lg border border-slate-700 object-cover" />
            <button
              type="button"
              onClick={() => onRemove(index)}
              aria-label={t('feedback.remove_image', { name: file.name })}
              className="absolute -top-2 -end-2 grid size-7 place-items-center rounded-full bg-slate-800 text-slate-100 ring-1 ring-slate-600 hover:bg-rose-700"
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Feedback (spec §5, §7.4): text required, up to 3 png/jpg images of at most 5 MB; token-free. */
export function Screen() {
  const { t } = useTranslation();
  const imagesId = useId();
  const [images, setImages] = useState<File[]>([]);
  const [imageErrors, setImageErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [receipt, setReceipt] = useState<FeedbackReceipt | null>(null);
  const form = useForm<FormValues>({ defaultValues: { content: '', contact: '' } });
  const submit = useSubmitFeedback(setProgress);
  const { errors } = form.formState;

  const limitParams = {
    max: FEEDBACK_LIMITS.contentMaxLength,
    count: FEEDBACK_LIMITS.imagesMax,
    size: megabytes(FEEDBACK_LIMITS.imageMaxBytes),
  };
  const message = (key: ParseKeys, params: Record<string, string | number> = {}): string =>
    String(t(key, { ...limitParams, ...params }));

  const handleFiles = (list: FileList | null) => {
    const result = addImages(images, [...(list ?? [])]);
    setImages(result.images);
    setImageErrors(result.problems.map((key) => message(key)));
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    setProgress(0);
    try {
      setReceipt(await submit.mutateAsync({ content: values.content.trim(), contact: values.contact.trim(), images }));
      form.reset();
      setImages([]);
      setImageErrors([]);
    } catch (error) {
      // Field errors from the server go back under their fields; anything else shows above the button.
      if (error instanceof ApiError) {
        const fromServer: string[] = [];
        for (const field of error.fields) {
          const name = fieldOf(field.field);
          const text = message(field.key as ParseKeys, { max: field.params.limit ?? limitParams.max });
          if (name === 'images') fromServer.push(text);
          else if (name) form.setError(name, { type: 'server', message: text });
        }
        if (fromServer.length) setImageErrors(fromServer);
      }
    } finally {
      setProgress(null);
    }
  });

  if (receipt) {
    return (
      <Page title={t('feedback.title')}>
        <div
          role="status"
          className="flex flex-col items-start gap-3 rounded-2xl border border-emerald-700/50 bg-emerald-950/40 p-5"
        >
          <p className="font-semibold text-emerald-200">{t('feedback.sent')}</p>
          <p className="text-sm text-slate-300">{t('feedback.sent_reference', { id: receipt.id })}</p>
          <Button variant="secondary" onClick={() => setReceipt(null)}>
            {t('feedback.send_another')}
          </Button>
        </div>
      </Page>
    );
  }

  const isSending = progress !== null;
  const hasFieldErrors = submit.error instanceof ApiError && submit.error.fields.length > 0;
  return (
    <Page title={t('feedback.title')} intro={t('feedback.intro')}>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex max-w-2xl flex-col gap-5">
        <FormField
          label={t('feedback.content')}
          hint={t('feedback.content_hint', { max: FEEDBACK_LIMITS.contentMaxLength })}
          error={errors.content?.message}
        >
          <textarea
            rows={6}
            maxLength={FEEDBACK_LIMITS.contentMaxLength}
            className={inputClass}
            {...form.register('content', {
              validate: (value) => (value.trim() === '' ? message('validation.required') : true),
            })}
          />
        </FormField>
        <FormField label={t('feedback.contact')} hint={t('feedback.contact_hint')} error={errors.contact?.message}>
          <input type="text" maxLength={FEEDBACK_LIMITS.contactMaxLength} className={inputClass} {...form.register('contact')} />
        </FormField>
        <div className="flex flex-col gap-2">
          <label htmlFor={imagesId} className="text-sm font-medium text-slate-200">
            {t('feedback.images')}
          </label>
          <p id={`${imagesId}-hint`} className="text-xs text-slate-400">
            {message('feedback.images_hint')}
          </p>
          <input
            id={imagesId}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            disabled={images.length >= FEEDBACK_LIMITS.imagesMax || isSending}
            aria-describedby={`${imagesId}-hint${imageErrors.length ? ` ${imagesId}-error` : ''}`}
            aria-invalid={imageErrors.length ? true : undefined}
            onChange={(event) => {
              handleFiles(event.target.files);
              event.target.value = '';
            }}
            className="text-sm text-slate-300 file:me-3 file:rounded-lg file:border-0 file:bg-slate-700 file:px-3 file:py-2 file:text-slate-100"
          />
          {imageErrors.length > 0 && (
            <ul id={`${imagesId}-error`} className="text-sm text-rose-300">
              {imageErrors.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
          {images.length > 0 && (
            <ImagePreviews images={images} onRemove={(index) => setImages(images.filter((_, i) => i !== index))} />
          )}
        </div>
        {isSending && (
          <div className="flex flex-col gap-1">
            <div
              role="progressbar"
              aria-label={t('feedback.uploading')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-slate-800"
            >
              <div className="h-full bg-amber-400 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
            <p className="text-xs text-slate-400">{t('feedback.uploading_percent', { percent: Math.round(progress * 100) })}</p>
          </div>
        )}
        {submit.isError && !hasFieldErrors && (
          <p role="alert" className="text-sm text-rose-300">
            {t(errorMessageKey(submit.error))}
          </p>
        )}
        <Button type="submit" className="self-start px-6" disabled={isSending}>
          {isSending ? t('feedback.sending') : t('feedback.submit')}
        </Button>
      </form>
    </Page>
  );
}

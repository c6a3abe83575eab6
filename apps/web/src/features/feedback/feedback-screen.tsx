import type { FeedbackReceipt } from '@tessera/contract/api/feedback';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { FileField } from '../../ui/form/file-field';
import { Form, FormAlert, SubmitButton, TextField } from '../../ui/form/form';
import { checksResolver, required } from '../../ui/form/rules-resolver';
import { TextAreaField } from '../../ui/form/text-area-field';
import { Page } from '../../ui/page';
import { useSubmitFeedback } from './api/submit-feedback';
import { addImages } from './image-check';

interface FormValues {
  content: string;
  contact: string;
  images: File[];
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

/** Images add up across choices; the first reason one was left out shows under the field. */
const chooseImages = (current: File[], chosen: File[]) => {
  const result = addImages(current, chosen);
  const [problem] = result.problems;
  return { files: result.images, problem: problem ? { key: problem, params: {} } : null };
};

/** Feedback (spec §5, §7.4): text required, up to 3 png/jpg images of at most 5 MB; token-free. */
export function Screen() {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [receipt, setReceipt] = useState<FeedbackReceipt | null>(null);
  const form = useForm<FormValues>({
    defaultValues: { content: '', contact: '', images: [] },
    resolver: checksResolver<FormValues>({ content: [required()] }),
  });
  const images = useWatch({ control: form.control, name: 'images' });
  const submit = useSubmitFeedback(setProgress);

  const limitParams = {
    max: FEEDBACK_LIMITS.contentMaxLength,
    count: FEEDBACK_LIMITS.imagesMax,
    size: megabytes(FEEDBACK_LIMITS.imageMaxBytes),
  };

  const handleSubmit = async (values: FormValues) => {
    setProgress(0);
    try {
      setReceipt(await submit.mutateAsync(values));
      form.reset();
    } finally {
      setProgress(null);
    }
  };

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
  return (
    <Page title={t('feedback.title')} intro={t('feedback.intro')}>
      <Form form={form} onSubmit={handleSubmit} messageParams={limitParams} className="flex max-w-2xl flex-col gap-5">
        <TextAreaField<FormValues>
          name="content"
          rows={6}
          maxLength={FEEDBACK_LIMITS.contentMaxLength}
          label={t('feedback.content')}
          hint={t('feedback.content_hint', { max: FEEDBACK_LIMITS.contentMaxLength })}
        />
        <TextField<FormValues>
          name="contact"
          maxLength={FEEDBACK_LIMITS.contactMaxLength}
          label={t('feedback.contact')}
          hint={t('feedback.contact_hint')}
        />
        <FileField<FormValues>
          name="images"
          label={t('feedback.images')}
          hint={t('feedback.images_hint', limitParams)}
          accept="image/png,image/jpeg"
          multiple
          isAdding
          disabled={images.length >= FEEDBACK_LIMITS.imagesMax || isSending}
          choose={chooseImages}
        >
          {images.length > 0 && (
            <ImagePreviews
              images={images}
              onRemove={(index) =>
                form.setValue(
                  'images',
                  images.filter((_, i) => i !== index),
                )
              }
            />
          )}
        </FileField>
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
        <FormAlert />
        <SubmitButton isWide={false} className="self-start px-6" pendingLabel={t('feedback.sending')}>
          {t('feedback.submit')}
        </SubmitButton>
      </Form>
    </Page>
  );
}

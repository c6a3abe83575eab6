import type { ParseKeys } from 'i18next';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import {
  type FieldValues,
  FormProvider,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { Button } from '../button';
import { inputClass } from '../form-field';
import { decodeMessage, encodeMessage, type FieldMessage } from './rules-resolver';

/** The translated text of a message key with its parameters (keys come from the contract and the server). */
export function useMessageText() {
  const { t } = useTranslation();
  return (message: FieldMessage | null) => (message ? String(t(message.key as ParseKeys, message.params)) : '');
}

/** `body/username` (the server's field path) → `username`. */
const fieldName = (path: string) => path.replace(/^(body|query)\//, '').split('/')[0] ?? path;

/**
 * Puts a failed call's messages where the player looks: each server field error under its field when the form
 * has that field, everything else (and any other failure) in the form's alert. Returns nothing; never throws.
 */
export function showServerErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown) {
  const known = new Set(Object.keys(form.getValues()));
  let shownOnField = false;
  if (error instanceof ApiError) {
    for (const field of error.fields) {
      const name = fieldName(field.field);
      if (!known.has(name)) continue;
      form.setError(name as Path<V>, { type: 'server', message: encodeMessage({ key: field.key, params: field.params }) });
      shownOnField = true;
    }
    if (shownOnField && error.code === 'request.invalid') return;
  }
  const key = error instanceof ApiError ? error.messageKey : 'errors.unknown';
  form.setError('root.server', { type: 'server', message: encodeMessage({ key, params: {} }) });
}

/**
 * The one form of the site (STYLE web habits): react-hook-form with a resolver built from the server's rules,
 * `noValidate` so the messages are ours (translated, spec §5), and failed calls mapped back onto fields.
 * `onSubmit` gets the trimmed, checked values; an error it throws is shown by `showServerErrors`.
 */
export function Form<V extends FieldValues>({
  form,
  onSubmit,
  children,
  className = 'flex flex-col gap-3',
  label,
}: {
  form: UseFormReturn<V>;
  onSubmit: SubmitHandler<V>;
  children: ReactNode;
  className?: string;
  /** Accessible name of the form. */
  label?: string;
}) {
  const handleSubmit = form.handleSubmit(async (values, event) => {
    form.clearErrors('root.server');
    try {
      await onSubmit(values, event);
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate aria-label={label} className={className} onSubmit={(event) => void handleSubmit(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The error of the whole form (a failed call without field errors), announced as an alert. */
export function FormAlert() {
  const { errors } = useFormState();
  const text = useMessageText();
  const message = decodeMessage(errors.root?.server?.message);
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
      {text(message)}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'aria-invalid' | 'aria-describedby'>;

/**
 * A labelled text input bound to the form: its error (from the resolver or the server) shows under it and is
 * wired with aria-invalid and aria-describedby. `before`/`after` sit inside the row (dial code, send-code button,
 * captcha image).
 */
export function TextField<V extends FieldValues>({
  name,
  label,
  hint,
  before,
  after,
  ...input
}: InputProps & { name: Path<V>; label: string; hint?: string; before?: ReactNode; after?: ReactNode }) {
  const id = useId();
  const { register, formState } = useFormContext<V>();
  const text = useMessageText();
  const error = decodeMessage(formState.errors[name]?.message as string | undefined);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="flex items-stretch gap-2">
        {before}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} min-h-11 min-w-0 flex-1`}
          {...input}
          {...register(name)}
        />
        {after}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-rose-300">
          {text(error)}
        </p>
      )}
    </div>
  );
}

/** A checkbox bound to the form (terms, age consent, remember me), with its error wired like a text field's. */
export function CheckboxField<V extends FieldValues>({ name, label }: { name: Path<V>; label: ReactNode }) {
  const id = useId();
  const { register, formState } = useFormContext<V>();
  const text = useMessageText();
  const error = decodeMessage(formState.errors[name]?.message as string | undefined);
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-amber-400"
          {...register(name)}
        />
        <label htmlFor={id} className="text-sm text-slate-300">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-rose-300">
          {text(error)}
        </p>
      )}
    </div>
  );
}

/** The submit button: disabled while the form is being sent. */
export function SubmitButton({ children }: { children: ReactNode }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="min-h-11 w-full">
      {children}
    </Button>
  );
}

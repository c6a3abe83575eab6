import { type ComponentProps, type InputHTMLAttributes, type ReactNode, useMemo } from 'react';
import {
  type FieldValues,
  FormProvider,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { latinDigits } from '../../lib/digits';
import { Button } from '../button';
import { inputClass } from '../form-field';
import { FieldFrame, useFieldWiring } from './field-frame';
import { FormMessageParams, useMessageText } from './message-text';
import { decodeMessage, encodeMessage, type FieldMessage } from './rules-resolver';

/** `body/username` (the server's field path) → `username`. */
const fieldName = (path: string) => path.replace(/^(body|query)\//, '').split('/')[0] ?? path;

/**
 * Puts a failed call's messages where the player looks: each server field error under its field when the form
 * has that field, a failure `fieldOf` places (e.g. a wrong payment password) under that field, everything else
 * (and any other failure, unless it only repeats a field's message) in the form's alert. Returns nothing; never throws.
 */
export function showServerErrors<V extends FieldValues>(
  form: UseFormReturn<V>,
  error: unknown,
  fieldOf?: (error: ApiError) => Path<V> | undefined,
) {
  const known = new Set(Object.keys(form.getValues()));
  const keysOnFields = new Set<string>();
  if (error instanceof ApiError) {
    for (const field of error.fields) {
      const name = fieldName(field.field);
      if (!known.has(name)) continue;
      form.setError(name as Path<V>, { type: 'server', message: encodeMessage({ key: field.key, params: field.params }) });
      keysOnFields.add(field.key);
    }
    const shownOnField = keysOnFields.size > 0;
    // A refusal already told under its fields is not told again in the alert: its own message says it there, or every
    // part of it is under a field (a message naming more, such as the level whose limit it is).
    const allOnFields = error.fields.every((field) => known.has(fieldName(field.field)));
    if (shownOnField && (error.code === 'request.invalid' || keysOnFields.has(error.messageKey) || allOnFields)) return;
    const placed = shownOnField ? undefined : fieldOf?.(error);
    if (placed) {
      form.setError(placed, { type: 'server', message: encodeMessage({ key: error.messageKey, params: {} }) });
      return;
    }
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
  messageParams,
  errorField,
  onAttempt,
  testId,
}: {
  form: UseFormReturn<V>;
  onSubmit: SubmitHandler<V>;
  children: ReactNode;
  className?: string;
  /** Accessible name of the form. */
  label?: string;
  /** Values every message of this form may name (`{{min}}`, `{{max}}` of an amount, as money). */
  messageParams?: FieldMessage['params'];
  /** The field a failure without field errors belongs to, when it has one. */
  errorField?: (error: ApiError) => Path<V> | undefined;
  /**
   * Called on every press of submit, before the checks: a result line of an earlier attempt must not stand beside
   * an attempt the checks or the server refuse.
   */
  onAttempt?: () => void;
  testId?: string;
}) {
  const params = useMemo(() => messageParams ?? {}, [messageParams]);
  const handleSubmit = form.handleSubmit(async (values, event) => {
    form.clearErrors('root.server');
    try {
      await onSubmit(values, event);
    } catch (error) {
      showServerErrors(form, error, errorField);
    }
  });
  return (
    <FormProvider {...form}>
      <FormMessageParams.Provider value={params}>
        <form
          noValidate
          aria-label={label}
          className={className}
          data-testid={testId}
          onSubmit={(event) => {
            onAttempt?.();
            void handleSubmit(event);
          }}
        >
          {children}
        </form>
      </FormMessageParams.Provider>
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

/** What a sent form achieved ("saved", "requested"): a polite status region, present while empty so it is announced. */
export function FormNotice({ children, testId }: { children?: ReactNode; testId?: string }) {
  return (
    <p role="status" className="text-sm text-emerald-300" data-testid={testId}>
      {children}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A field that takes a number (amount, code, phone): its value reads the locale's digits as Latin ones. */
const takesNumber = ({ type, inputMode }: InputProps) =>
  type === 'tel' || inputMode === 'numeric' || inputMode === 'decimal' || inputMode === 'tel';

const asLatinDigits = (value: unknown) => (typeof value === 'string' ? latinDigits(value) : value);

/**
 * A labelled text input bound to the form: its error (from the resolver or the server) shows under it and is
 * wired with aria-invalid and aria-describedby. `before`/`after` sit inside the row (dial code, send-code button,
 * captcha image). A number field (by its type or keypad) takes the digits of any script.
 */
export function TextField<V extends FieldValues>({
  name,
  label,
  hint,
  before,
  after,
  isLabelHidden,
  ...input
}: InputProps & {
  name: Path<V>;
  label: string;
  hint?: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
  isLabelHidden?: boolean;
}) {
  const { register } = useFormContext<V>();
  const wiring = useFieldWiring<V>(name, hint);
  const binding = register(name, takesNumber(input) ? { setValueAs: asLatinDigits } : {});
  return (
    <FieldFrame wiring={wiring} label={label} hint={hint} isLabelHidden={isLabelHidden}>
      {/* Wraps rather than squeeze the input: a long control beside it (a Bengali "resend in" countdown) on a phone. */}
      <div className="flex flex-wrap items-stretch gap-2">
        {before}
        <input className={`${inputClass} min-h-11 min-w-32 flex-1`} {...input} {...wiring.control} {...binding} />
        {after}
      </div>
    </FieldFrame>
  );
}

/** A checkbox bound to the form (terms, age consent, remember me), with its error wired like a text field's. */
export function CheckboxField<V extends FieldValues>({ name, label }: { name: Path<V>; label: ReactNode }) {
  const { register } = useFormContext<V>();
  const wiring = useFieldWiring<V>(name, undefined);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-amber-400" {...wiring.control} {...register(name)} />
        <label htmlFor={wiring.id} className="text-sm text-slate-300">
          {label}
        </label>
      </div>
      {wiring.error && (
        <p id={wiring.errorId} className="text-sm text-rose-300">
          {wiring.error}
        </p>
      )}
    </div>
  );
}

/**
 * The submit button: disabled while the form is being sent (and when `disabled` says so), `pendingLabel` shown
 * meanwhile when given. It spans the form unless `isWide` is false (a button beside others, a page-wide form).
 */
export function SubmitButton({
  children,
  pendingLabel,
  isWide = true,
  className = '',
  disabled,
  ...button
}: Omit<ComponentProps<typeof Button>, 'type'> & { pendingLabel?: ReactNode; isWide?: boolean }) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      disabled={isSubmitting || disabled}
      aria-busy={isSubmitting || undefined}
      className={`min-h-11 ${isWide ? 'w-full' : ''} ${className}`}
      {...button}
    >
      {isSubmitting && pendingLabel ? pendingLabel : children}
    </Button>
  );
}

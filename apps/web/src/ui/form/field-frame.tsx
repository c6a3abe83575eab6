import { type ReactNode, useId } from 'react';
import { type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { useMessageText } from './message-text';
import { decodeMessage } from './rules-resolver';

/**
 * The wiring every field of the form shares: an id for its control, its error (from the resolver or the server)
 * as translated text, and the aria-invalid / aria-describedby that tie the hint, or the error in its place, to the control.
 */
export function useFieldWiring<V extends FieldValues>(name: Path<V>, hint: ReactNode | undefined) {
  const id = useId();
  const { formState } = useFormContext<V>();
  const text = useMessageText();
  const error = text(decodeMessage(formState.errors[name]?.message as string | undefined));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The error takes the hint's place: it says what to fix, and often repeats the hint's bounds word for word.
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return {
    id,
    hintId,
    errorId,
    error,
    control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  } as const;
}

/**
 * Label above the control, the hint below it, or the error in the hint's place: the one layout of a form field. `isLabelHidden` keeps the
 * label for screen readers only, where what the field is for already shows beside it (a wallet's name on its card).
 */
export function FieldFrame({
  wiring,
  label,
  hint,
  isLabelHidden = false,
  children,
}: {
  wiring: ReturnType<typeof useFieldWiring>;
  label: ReactNode;
  hint?: ReactNode;
  isLabelHidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={wiring.id} className={isLabelHidden ? 'sr-only' : 'text-sm font-medium text-slate-200'}>
        {label}
      </label>
      {children}
      {hint && !wiring.error && (
        <p id={wiring.hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
      {wiring.error && (
        <p id={wiring.errorId} className="text-sm text-rose-300">
          {wiring.error}
        </p>
      )}
    </div>
  );
}

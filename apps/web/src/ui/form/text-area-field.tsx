import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { inputClass } from '../form-field';
import { FieldFrame, useFieldWiring } from './field-frame';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled multi-line text bound to the form, wired like a text field. */
export function TextAreaField<V extends FieldValues>({
  name,
  label,
  hint,
  ...textArea
}: TextAreaProps & { name: Path<V>; label: string; hint?: ReactNode }) {
  const { register } = useFormContext<V>();
  const wiring = useFieldWiring<V>(name, hint);
  return (
    <FieldFrame wiring={wiring} label={label} hint={hint}>
      <textarea className={inputClass} {...textArea} {...wiring.control} {...register(name)} />
    </FieldFrame>
  );
}

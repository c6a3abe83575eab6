import type { ReactNode, SelectHTMLAttributes } from 'react';
import { type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { inputClass } from '../form-field';
import { FieldFrame, useFieldWiring } from './field-frame';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled select bound to the form, wired like a text field. */
export function SelectField<V extends FieldValues>({
  name,
  label,
  hint,
  options,
  ...select
}: SelectProps & { name: Path<V>; label: string; hint?: ReactNode; options: readonly SelectOption[] }) {
  const { register } = useFormContext<V>();
  const wiring = useFieldWiring<V>(name, hint);
  return (
    <FieldFrame wiring={wiring} label={label} hint={hint}>
      <select className={`${inputClass} min-h-11`} {...select} {...wiring.control} {...register(name)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

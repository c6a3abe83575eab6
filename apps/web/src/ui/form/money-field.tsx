import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { TextField } from './form';

/** An amount typed in major units ("1,500.50"): a decimal keypad on phones, no autofill. */
export function MoneyField<V extends FieldValues>({
  name,
  label,
  hint,
  testId,
  isLabelHidden,
  after,
}: {
  name: Path<V>;
  label: string;
  hint?: ReactNode;
  testId?: string;
  isLabelHidden?: boolean;
  /** Beside the input, e.g. the buttons that send the amount. */
  after?: ReactNode;
}) {
  return (
    <TextField<V>
      name={name}
      label={label}
      hint={hint}
      isLabelHidden={isLabelHidden}
      after={after}
      inputMode="decimal"
      autoComplete="off"
      data-testid={testId}
    />
  );
}

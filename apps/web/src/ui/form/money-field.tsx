import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { TextField } from './form';

/** An amount typed in major units ("1,500.50"): a decimal keypad on phones, no autofill. */
export function MoneyField<V extends FieldValues>({
  name,
  label,
  hint,
  testId,
}: {
  name: Path<V>;
  label: string;
  hint?: ReactNode;
  testId?: string;
}) {
  return <TextField<V> name={name} label={label} hint={hint} inputMode="decimal" autoComplete="off" data-testid={testId} />;
}

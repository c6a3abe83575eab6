import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';
import { useSystemStatus } from '../../../lib/system-status';
import { DialCodePicker, dialCodeOf } from './dial-code-picker';

/**
 * The calling code the picker starts on: the merchant's phone country (only its numbers pass the merchant's mobile
 * rule), else the visitor's location as the server saw it; '' (the player chooses) when neither is known.
 */
export function useDefaultDialCode(): string {
  const { location, product } = useSystemStatus();
  return dialCodeOf(product.phoneCountry) || dialCodeOf(location.country);
}

/** The dial-code picker bound to a form field (its error shows with the mobile number's field). */
export function DialCodeField<V extends FieldValues>({ name }: { name: Path<V> }) {
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController({ name, control });
  return <DialCodePicker value={String(field.value ?? '')} onChange={field.onChange} isInvalid={fieldState.invalid} />;
}

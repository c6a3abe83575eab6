import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';
import { useSystemStatus } from '../../../lib/system-status';
import { DialCodePicker, dialCodeOf } from './dial-code-picker';

/** The visitor's calling code from the location the server saw; '' (the player chooses) when it is unknown. */
export function useDefaultDialCode(): string {
  const { location } = useSystemStatus();
  return dialCodeOf(location.country);
}

/** The dial-code picker bound to a form field (its error shows with the mobile number's field). */
export function DialCodeField<V extends FieldValues>({ name }: { name: Path<V> }) {
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController({ name, control });
  return <DialCodePicker value={String(field.value ?? '')} onChange={field.onChange} isInvalid={fieldState.invalid} />;
}

import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './form';

/**
 * The authenticator's code (or a recovery code) a guarded action asks for once the member turned two-factor on:
 * withdrawals, the payment password, payout accounts.
 */
export function GoogleCodeField<V extends FieldValues>({ name }: { name: Path<V> }) {
  const { t } = useTranslation();
  return (
    <TextField<V>
      name={name}
      autoComplete="one-time-code"
      maxLength={16}
      label={t('two_factor.code')}
      hint={t('two_factor.code_hint')}
    />
  );
}

import { ACTIVITY_REMARK, isRemarkTooLong, remarkLength } from '@tessera/contract/activity-remark';
import { type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './form';
import type { FieldCheck } from './rules-resolver';

/** The resolver's check of an activity remark (spec §5: at most 140 characters), with the server's message. */
export const remarkWithinLimit =
  <V,>(): FieldCheck<V> =>
  (value) =>
    isRemarkTooLong(value) ? { key: ACTIVITY_REMARK.tooLongKey, params: { max: ACTIVITY_REMARK.maxLength } } : null;

/**
 * A player's or agent's free-text remark: the count of its characters under it as they type, and the limit's message
 * in the count's place once it runs over. No `maxlength`: it would cut a pasted text silently, and counts an emoji
 * as two.
 */
export function RemarkField<V extends FieldValues>({ name, label }: { name: Path<V>; label: string }) {
  const { t } = useTranslation();
  const value = useWatch<V>({ name });
  const count = remarkLength(typeof value === 'string' ? value : '');
  return (
    <TextField<V> name={name} label={label} hint={t('validation.remark_counter', { count, max: ACTIVITY_REMARK.maxLength })} />
  );
}

import type { ParseKeys } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/** Server field errors by field name (`body/newPassword` → newPassword), and the message when none applies. */
export function splitErrors(error: unknown): {
  fields: Record<string, { key: ParseKeys; params: Record<string, string | number> }>;
  form: ParseKeys | null;
} {
  if (!(error instanceof ApiError)) return { fields: {}, form: error ? ('errors.system_error' as ParseKeys) : null };
  const fields: Record<string, { key: ParseKeys; params: Record<string, string | number> }> = {};
  for (const field of error.fields)
    fields[field.field.replace(/^body\//, '')] = { key: field.key as ParseKeys, params: field.params };
  return { fields, form: error.fields.length ? null : (error.messageKey as ParseKeys) };
}

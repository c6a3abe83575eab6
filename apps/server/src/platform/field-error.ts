import type { FieldError } from '@tessera/contract/envelope';

/** One invalid body field, as the envelope's `value` lists them on `request.invalid`. */
export const fieldError = (field: string, key: string, params: FieldError['params'] = {}): FieldError => ({
  field: `body/${field}`,
  key,
  params,
});

/** A confirmation field that does not repeat the value it confirms (passwords, payment passwords). */
export const CONFIRMATION_MISMATCH_KEY = 'validation.confirmation_mismatch';

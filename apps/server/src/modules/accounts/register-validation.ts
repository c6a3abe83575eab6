import { DEFAULT_WEAK_PASSWORD } from '@tessera/contract/api/accounts';
import type { FieldError } from '@tessera/contract/envelope';
import type { RegisterRules } from '@tessera/contract/settings';
import { fieldOptions, PASSWORD_LENGTH, validateField } from '@tessera/contract/validation/validate-field';
import { CONFIRMATION_MISMATCH_KEY, fieldError } from '../../platform/field-error.js';

/** Message keys of registration and password rules beyond the register patterns. */
export const ACCOUNT_FIELD_KEYS = {
  confirmationMismatch: CONFIRMATION_MISMATCH_KEY,
  termsRequired: 'validation.terms_required',
  ageConsentRequired: 'validation.age_consent_required',
  age21: 'validation.age_21',
  passwordTooWeak: 'errors.password_too_weak',
  captchaInvalid: 'errors.captcha_invalid',
} as const;

/** Spec §5: the birthday check asks for 21 years. */
export const BIRTHDAY_MIN_AGE_YEARS = 21;

/** Checks each value that has a register rule; a field without a rule is bounded only by the call's schema. */
export function ruleErrors(rules: RegisterRules, values: Record<string, string | undefined>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(values)) {
    const rule = rules[field];
    if (!rule) continue;
    const message = validateField(rule, value, fieldOptions(field));
    if (message) errors.push(fieldError(field, message.key, message.params));
  }
  return errors;
}

/** A new password: the merchant's password rule (always required) and not the weak default of spec §9. */
export function newPasswordErrors(rules: RegisterRules, password: string, field: string): FieldError[] {
  const rule = rules.password;
  const message = rule ? validateField({ ...rule, shown: true, required: true }, password, PASSWORD_LENGTH) : null;
  if (message) return [fieldError(field, message.key, message.params)];
  if (password.trim() === '') return [fieldError(field, 'validation.required')];
  if (password.trim() === DEFAULT_WEAK_PASSWORD) return [fieldError(field, ACCOUNT_FIELD_KEYS.passwordTooWeak)];
  return [];
}

/** Whole years between a yyyy-MM-dd birthday and `today`; null when the text is not such a date. */
export function ageInYears(birthday: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age--;
  return age;
}

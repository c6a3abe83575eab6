import { VALIDATION_KEYS } from '@tessera/contract/errors';
import type { RegisterRule } from '@tessera/contract/settings';
import { type FieldMessage, patternMessage } from '@tessera/contract/validation/pattern-message';
import { validateField } from '@tessera/contract/validation/validate-field';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export type { FieldMessage };

/**
 * One check of one field: the trimmed value (and every trimmed value, for checks such as "equals the password")
 * in, a translatable message or null out. Checks of a field run in order; the first message wins.
 */
export type FieldCheck<V> = (value: string, values: V) => FieldMessage | null;
export type FormChecks<V> = { [K in keyof V]?: FieldCheck<V>[] };

/** Messages travel through react-hook-form's string `message` as JSON, so parameters survive the trip. */
export const encodeMessage = (message: FieldMessage): string => JSON.stringify(message);

export function decodeMessage(raw: string | undefined): FieldMessage | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as FieldMessage;
    if (typeof parsed?.key === 'string') return { key: parsed.key, params: parsed.params ?? {} };
  } catch {
    // not one of ours: show it as a key without parameters
  }
  return { key: raw, params: {} };
}

/** Spec §5 "Input cannot be empty". */
export const required =
  <V>(): FieldCheck<V> =>
  (value) =>
    value === '' ? { key: VALIDATION_KEYS.required, params: {} } : null;

/**
 * A field checked by the server's register rule (spec §5: pattern id, min, max, accepted pattern; the message
 * chosen by pattern id). `override` forces e.g. `required` where the form needs the field whatever the rule says.
 * Without a rule only `required` applies, so a merchant that removed a rule is not stricter than its server.
 */
export const byRule =
  <V>(
    rule: RegisterRule | undefined,
    override: Partial<Pick<RegisterRule, 'shown' | 'required'>> = {},
    options: Parameters<typeof validateField>[2] = {},
  ): FieldCheck<V> =>
  (value) => {
    if (!rule) return override.required && value === '' ? { key: VALIDATION_KEYS.required, params: {} } : null;
    return validateField({ ...rule, ...override }, value, options);
  };

/** Spec §5 'Incorrect confirmation input': the value must equal another field's. */
export const sameAs =
  <V>(other: keyof V, key = 'validation.confirmation_mismatch'): FieldCheck<V> =>
  (value, values) =>
    value !== String(values[other] ?? '').trim() ? { key, params: {} } : null;

/** A value that must not repeat another field's (a new password that is the current one). */
export const differsFrom =
  <V>(other: keyof V, key: string): FieldCheck<V> =>
  (value, values) =>
    value !== '' && value === String(values[other] ?? '').trim() ? { key, params: {} } : null;

/** A checkbox that must be ticked (terms, age consent). */
export const ticked =
  <V>(key: string, params: FieldMessage['params'] = {}): FieldCheck<V> =>
  (value) =>
    value === 'true' ? null : { key, params };

/**
 * An amount the player typed, parsed to minor units by `parse` (the merchant's currency), must be a valid amount
 * from `min` (one minor unit when not given) to `max`; `message` otherwise.
 */
export const moneyAmount =
  <V>(parse: (text: string) => string | null, message: FieldMessage, range: { min?: string; max?: string } = {}): FieldCheck<V> =>
  (value) => {
    const minor = parse(value);
    if (minor === null) return message;
    const amount = BigInt(minor);
    const isBelow = amount < BigInt(range.min ?? '1');
    const isAbove = range.max !== undefined && amount > BigInt(range.max);
    return isBelow || isAbove ? message : null;
  };

/** The message of a rule for a value of the wrong shape, e.g. to show under a field before any input. */
export { patternMessage };

const normalise = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * A react-hook-form resolver from per-field checks, built at run time (the checks come from the server's
 * register rules). Values are trimmed (spec §5) and the trimmed values are what the form submits.
 */
export function checksResolver<V extends FieldValues>(checks: FormChecks<V>): Resolver<V> {
  return async (values) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, normalise(value)])) as V;
    const errors: Record<string, FieldError> = {};
    for (const [name, fieldChecks] of Object.entries(checks) as [string, FieldCheck<V>[] | undefined][]) {
      const raw = trimmed[name];
      const value = typeof raw === 'boolean' ? String(raw) : String(raw ?? '');
      for (const check of fieldChecks ?? []) {
        const message = check(value, trimmed);
        if (message) {
          errors[name] = { type: 'validate', message: encodeMessage(message) };
          break;
        }
      }
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values: trimmed, errors: {} };
  };
}

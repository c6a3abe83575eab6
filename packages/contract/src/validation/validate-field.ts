import { VALIDATION_KEYS } from '../errors.js';
import type { RegisterRule } from '../settings.js';
import { compileAcceptedPattern } from './accepted-pattern.js';
import { patternDefinition } from './pattern-ids.js';
import { type FieldMessage, patternMessage } from './pattern-message.js';

/**
 * Checks one register or settings field against its server rule (spec §5) and returns the message to show, or
 * null when the value is acceptable. The value is trimmed first (spec §5: inputs are trimmed); callers store
 * the trimmed value. A hidden field is never required, since nobody can fill it, but a value sent for it anyway
 * must still obey the rule.
 *
 * Length is counted in code points so that a Bengali, Thai or emoji character counts once, and it is checked
 * before any regex so the operator's pattern only ever runs on at most `maxLength` characters.
 * `lengthMessageKey` replaces the pattern's message for a value of the wrong length (e.g. the password's).
 * Throws `InvalidAcceptedPatternError` for a stored pattern that does not compile, and RangeError for an
 * unknown pattern id: both mean the stored rule is broken, which is not the player's fault.
 */
export function validateField(
  rule: RegisterRule,
  rawValue: string | undefined,
  options: { lengthMessageKey?: string } = {},
): FieldMessage | null {
  const value = (rawValue ?? '').trim();
  if (value === '') return rule.shown && rule.required ? { key: VALIDATION_KEYS.required, params: {} } : null;
  const length = codePointLength(value);
  if (length < rule.minLength || length > rule.maxLength) {
    // A field with its own length sentence (spec §5: the password's "(min) - (max) characters") uses it for a range.
    if (options.lengthMessageKey && rule.minLength !== rule.maxLength) {
      return { key: options.lengthMessageKey, params: { min: rule.minLength, max: rule.maxLength } };
    }
    return patternMessage(rule);
  }
  if (!patternDefinition(rule.patternId).test(value)) return patternMessage(rule);
  const accepted = compileAcceptedPattern(rule.acceptedPattern);
  return accepted === null || accepted.test(value) ? null : patternMessage(rule);
}

/** The password's own length sentence (spec §5), for `validateField`'s options. */
export const PASSWORD_LENGTH = { lengthMessageKey: VALIDATION_KEYS.passwordLength };

function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

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
 * `lengthMessageKey` replaces the pattern's message for a value of the wrong length (e.g. the password's);
 * `formatMessageKey` is a field's own sentence for a value of the wrong length or shape (spec §5 "Real name format
 * is incorrect"), which carries the rule's message as its `rule` parameter (the key; the client translates it).
 * Throws `InvalidAcceptedPatternError` for a stored pattern that does not compile, and RangeError for an
 * unknown pattern id: both mean the stored rule is broken, which is not the player's fault.
 */
export function validateField(
  rule: RegisterRule,
  rawValue: string | undefined,
  options: { lengthMessageKey?: string; formatMessageKey?: string } = {},
): FieldMessage | null {
  const value = (rawValue ?? '').trim();
  if (value === '') return rule.shown && rule.required ? { key: VALIDATION_KEYS.required, params: {} } : null;
  const length = codePointLength(value);
  if (length < rule.minLength || length > rule.maxLength) {
    // A field with its own length sentence (spec §5: the password's "(min) - (max) characters") uses it for a range.
    if (options.lengthMessageKey && rule.minLength !== rule.maxLength) {
      return { key: options.lengthMessageKey, params: { min: rule.minLength, max: rule.maxLength } };
    }
    return shapeMessage(rule, options.formatMessageKey);
  }
  if (!patternDefinition(rule.patternId).test(value)) return shapeMessage(rule, options.formatMessageKey);
  const accepted = compileAcceptedPattern(rule.acceptedPattern);
  return accepted === null || accepted.test(value) ? null : shapeMessage(rule, options.formatMessageKey);
}

function shapeMessage(rule: RegisterRule, formatMessageKey: string | undefined): FieldMessage {
  const message = patternMessage(rule);
  return formatMessageKey ? { key: formatMessageKey, params: { ...message.params, rule: message.key } } : message;
}

/** The password's own length sentence (spec §5), for `validateField`'s options. */
export const PASSWORD_LENGTH = { lengthMessageKey: VALIDATION_KEYS.passwordLength };

/** The register fields with a sentence of their own in spec §5, by field name. */
const FIELD_SENTENCES: Readonly<Record<string, Parameters<typeof validateField>[2]>> = {
  password: PASSWORD_LENGTH,
  payeeName: { formatMessageKey: VALIDATION_KEYS.realNameFormat },
  fullName: { formatMessageKey: VALIDATION_KEYS.realNameFormat },
  mobileNum: { formatMessageKey: VALIDATION_KEYS.phoneFormat },
};

/** `validateField`'s options for a register field, the same on the server and in the browser. */
export const fieldOptions = (field: string): Parameters<typeof validateField>[2] => FIELD_SENTENCES[field] ?? {};

function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

import type { RegisterRule } from '../settings.js';
import { patternDefinition } from './pattern-ids.js';

/** A translatable message: an i18n key and its interpolation values (`{{min}}`, `{{max}}`, `{{length}}`). */
export interface FieldMessage {
  key: string;
  params: Record<string, string | number>;
}

/** The message a rule shows for a value of the wrong length or shape (spec §5: one number when min equals max). */
export function patternMessage(rule: Pick<RegisterRule, 'patternId' | 'minLength' | 'maxLength'>): FieldMessage {
  const pattern = patternDefinition(rule.patternId);
  if (rule.minLength === rule.maxLength) return { key: pattern.exactMessageKey, params: { length: rule.minLength } };
  return { key: pattern.messageKey, params: { min: rule.minLength, max: rule.maxLength } };
}

/**
 * Spec §5/§9: an activity comment or remark that a player or agent writes is at most 140 characters. Every form and
 * call that takes such a remark (a withdrawal reported missing today; promotion applications and agent contract
 * terms when they come) uses these, so the limit and its message are the same everywhere. Plain constants with no
 * schema library, so the web app imports them without TypeBox.
 */
export const ACTIVITY_REMARK = {
  maxLength: 140,
  /** `{{max}}`: the limit. */
  tooLongKey: 'validation.remark_too_long',
} as const;

/** Characters as the limit counts them: code points, so an emoji is one character, not two UTF-16 units. */
export const remarkLength = (text: string): number => [...text.trim()].length;

export const isRemarkTooLong = (text: string): boolean => remarkLength(text) > ACTIVITY_REMARK.maxLength;

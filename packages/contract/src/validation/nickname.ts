// No TypeBox here: the web bundle imports this check as it is.

/** A nickname is shown to other players: 2–16 letters (any script) or digits, single spaces or _ inside. */
export const NICKNAME_BOUNDS = { min: 2, max: 16 } as const;
const NICKNAME_PATTERN = /^[\p{L}\p{M}\p{N}]+([ _][\p{L}\p{M}\p{N}]+)*$/u;

/** The message key of what is wrong with a nickname (after trimming), or null; the same check on both sides. */
export function nicknameProblem(nickname: string): 'validation.required' | 'accounts.nickname.invalid' | null {
  const value = nickname.trim();
  if (value === '') return 'validation.required';
  const length = [...value].length;
  if (length < NICKNAME_BOUNDS.min || length > NICKNAME_BOUNDS.max || !NICKNAME_PATTERN.test(value)) {
    return 'accounts.nickname.invalid';
  }
  return null;
}

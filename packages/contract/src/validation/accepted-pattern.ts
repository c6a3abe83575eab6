/** The operator's `acceptedPattern` is not a valid regular expression under the `u` flag. */
export class InvalidAcceptedPatternError extends Error {
  override readonly name = 'InvalidAcceptedPatternError';
  readonly pattern: string;

  constructor(pattern: string, cause: unknown) {
    super(`Register rule acceptedPattern is not a valid regular expression: ${pattern}`, { cause });
    this.pattern = pattern;
  }
}

/**
 * Compiles an operator's `acceptedPattern` (spec §5: `*` means match anything). An empty pattern also means
 * "no extra rule": compiled, it would refuse every non-empty value and silently close registration.
 *
 * The pattern must match the whole trimmed value: it is wrapped as `^(?:pattern)$`, as the HTML `pattern`
 * attribute does, so an operator who forgets the anchors gets a stricter rule instead of a substring search
 * that lets anything containing a match through. Anchors the operator wrote stay harmless. The pattern is
 * first compiled on its own, which proves its groups balance, so the wrapper cannot change its structure.
 *
 * Throws `InvalidAcceptedPatternError`; whether a valid pattern is safe from catastrophic backtracking is
 * checked by the server when the operator saves it, not here. No cache: V8 already caches compiled regexps
 * by source and flags.
 */
export function compileAcceptedPattern(pattern: string): RegExp | null {
  if (pattern === '*' || pattern === '') return null;
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    throw new InvalidAcceptedPatternError(pattern, error);
  }
  return new RegExp(`^(?:${pattern})$`, 'u');
}

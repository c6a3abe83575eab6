const LANGUAGE_PATTERN = /^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})*$/;

/** The `Language` header's primary language ("bn", "en-GB" → "en"), or null when absent or unreadable. */
export function requestLanguage(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = LANGUAGE_PATTERN.exec(header.trim().toLowerCase());
  return match?.[1] ?? null;
}

/**
 * The text to show: in the requested language, else the merchant's default language, else the first one the
 * item has (texts come sorted by language, so the choice is stable).
 */
export function chooseText<T extends { language: string }>(
  texts: T[],
  requested: string | null,
  fallback: string,
): T | undefined {
  return (
    (requested ? texts.find((text) => text.language === requested) : undefined) ??
    texts.find((text) => text.language === fallback) ??
    texts[0]
  );
}

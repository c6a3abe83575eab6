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

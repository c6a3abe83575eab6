/** A name in `language`, else in English (every stored name set has `en`). */
export function nameIn(names: unknown, language: string): string {
  const byLanguage = names as Record<string, string>;
  return byLanguage[language] ?? byLanguage.en ?? '';
}

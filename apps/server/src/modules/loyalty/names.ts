/** The language a name is shown in: the member's, else the merchant's default. */
export interface Language {
  requested: string;
  fallback: string;
}

/** A name in the member's language, else the merchant's default, else any. */
export const nameIn = (names: Record<string, string>, language: Language) =>
  names[language.requested] ?? names[language.fallback] ?? Object.values(names)[0] ?? '';

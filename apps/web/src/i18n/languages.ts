import manifest from '../../../../locales/languages.json';

export interface LanguageEntry {
  code: string;
  /** The language's own name, shown in the language select. */
  name: string;
  dir: 'ltr' | 'rtl';
  /** ISO 3166 country whose flag stands for the language in the language select (ui/flag.tsx draws it). */
  flag?: string;
}

/** `locales/languages.json`: every language the web app has a locale file for. */
export const LANGUAGES: readonly LanguageEntry[] = manifest as LanguageEntry[];

export const findLanguage = (code: string | null | undefined): LanguageEntry | undefined =>
  LANGUAGES.find((entry) => entry.code === code);

/** The languages a site offers: the server's `supportLanguages` that also have a locale file. */
export function offeredLanguages(supportLanguages: readonly string[]): LanguageEntry[] {
  return supportLanguages.map(findLanguage).filter((entry): entry is LanguageEntry => entry !== undefined);
}

/**
 * The language to show (spec §3 local storage `lang`): the player's stored choice when the site offers it,
 * else the product's default language, else the first offered one.
 */
export function pickLanguage(
  product: { defaultLang: string; supportLanguages: readonly string[] },
  stored: string | null,
): string {
  const offered = offeredLanguages(product.supportLanguages).map((entry) => entry.code);
  if (stored && offered.includes(stored)) return stored;
  if (offered.includes(product.defaultLang)) return product.defaultLang;
  return offered[0] ?? findLanguage(product.defaultLang)?.code ?? LANGUAGES[0]?.code ?? 'en';
}

import manifest from '../../../../locales/languages.json';

export interface BackOfficeLanguage {
  code: string;
  /** The language's own name, as the switch lists it. */
  name: string;
  dir: 'ltr' | 'rtl';
}

/** The language the back office is written in first; its file is in the main chunk. */
export const SOURCE_LANGUAGE = 'en';

/** The back office's other locale files (apps/back-office/locales), one lazy chunk each. */
const LOCALE_FILES = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*.json', '!../../locales/en.json']);

const codeOf = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');
const available = new Set([SOURCE_LANGUAGE, ...Object.keys(LOCALE_FILES).map(codeOf)]);

/** The languages the back office is written in: those of the site's manifest it has a locale file for. */
export const LANGUAGES: readonly BackOfficeLanguage[] = (manifest as BackOfficeLanguage[]).filter((entry) =>
  available.has(entry.code),
);

export const findLanguage = (code: string | null | undefined) => LANGUAGES.find((entry) => entry.code === code);

export const localeLoader = (code: string) => LOCALE_FILES[`../../locales/${code}.json`];

/**
 * The Intl locale dates and figures are written with: the language's words (month names), always with Latin
 * digits and the same grouping in every language (docs/decisions.md, "Back office in Bengali").
 */
const INTL_LOCALES: Record<string, string> = { en: 'en-GB', bn: 'bn-BD-u-nu-latn' };
export const intlLocale = (code: string | undefined) =>
  code ? (INTL_LOCALES[code] ?? `${code}-u-nu-latn`) : (INTL_LOCALES[SOURCE_LANGUAGE] as string);

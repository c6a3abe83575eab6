import { findLanguage, SOURCE_LANGUAGE } from './languages';

/**
 * The language a member of staff chose, kept per browser (localStorage, like the player site's choice, under a
 * key of its own: the two apps share an origin, and a player's language is not the operator's).
 */
export const LANGUAGE_KEY = 'tessera.bo.lang';

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null; // storage refused (private mode, a policy): the choice lasts for this page only
  }
}

/** The stored choice; else the browser's first preferred language the back office is written in; else English. */
export function initialLanguage(preferred: readonly string[] = navigator.languages ?? []): string {
  const choice = stored();
  if (findLanguage(choice)) return choice as string;
  for (const tag of preferred) {
    const code = tag.toLowerCase().split('-')[0];
    if (findLanguage(code)) return code as string;
  }
  return SOURCE_LANGUAGE;
}

export function rememberLanguage(code: string) {
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    // storage refused: the choice still holds until the page is left
  }
}

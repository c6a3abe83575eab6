import { LANGUAGE_COOKIE } from '@tessera/contract/api/boot-data';
import { readCookie, writeCookie } from '../lib/cookies';
import { storage } from '../lib/storage';
import { findLanguage, LANGUAGES } from './languages';

/**
 * What the initial chunk knows about the language without the i18next engine (which is a lazy chunk,
 * fetched together with the locale file while the system status loads).
 */

/** Before the server has answered: the stored choice, else the first language of the manifest (BN). */
export function guessLanguage(): string {
  return findLanguage(storage.get('lang'))?.code ?? LANGUAGES[0]?.code ?? 'en';
}

/** The `Language` header: local storage `hisLang` (as the original platform sends it), else the guess. */
export function currentLanguage(): string {
  return findLanguage(storage.get('hisLang'))?.code ?? guessLanguage();
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Records the player's language: local storage `lang` and `hisLang`, and the cookie the server writes its pages in. */
export function rememberLanguage(code: string) {
  storage.set('lang', code);
  storage.set('hisLang', code);
  if (readCookie(LANGUAGE_COOKIE) !== code) writeCookie(LANGUAGE_COOKIE, code, ONE_YEAR_SECONDS);
}

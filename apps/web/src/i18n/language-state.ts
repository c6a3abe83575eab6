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

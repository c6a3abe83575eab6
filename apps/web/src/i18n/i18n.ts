import { applyDocumentLanguage } from '@tessera/document-language/document-language';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { rememberLanguage } from './language-state';
import { findLanguage } from './languages';
import { numberFormatter } from './number-interpolation';
import { TRANSLATOR_OPTIONS } from './translator-options';

/** One lazy chunk per locale file; only the active language is ever fetched. */
const localeLoaders = import.meta.glob<{ default: ResourceKey }>(['../../../../locales/*.json', '!**/languages.json']);

const loaderFor = (code: string) => localeLoaders[`../../../../locales/${code}.json`];

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaderFor(language);
    if (!load) {
      callback(new Error(`No locale file for "${language}"`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | undefined;

function init(language: string) {
  initialised ??= i18n
    .use(lazyLocales)
    .use(numberFormatter)
    .use(initReactI18next)
    .init({ ...TRANSLATOR_OPTIONS, lng: language, load: 'currentOnly' });
  return initialised;
}

/**
 * Loads a language's chunk, makes it active, and records it: `<html lang dir>`, local storage `lang`
 * (the player's choice) and `hisLang` (the language sent in the `Language` header, spec §3), and the `lang`
 * cookie, so the server writes the next page load in it (apps/server/src/platform/boot-data.ts).
 */
let latestRequested: string | undefined;

export async function activateLanguage(code: string): Promise<string> {
  latestRequested = code;
  await init(code);
  if (latestRequested !== code) return code; // a later choice overtook this one while it loaded
  if (i18n.language !== code || !i18n.hasResourceBundle(code, 'translation')) await i18n.changeLanguage(code);
  if (!i18n.hasResourceBundle(code, 'translation')) {
    // i18next keeps a failed language "loaded" as empty; forget it so a retry fetches the chunk again.
    i18n.services.backendConnector.state[`${code}|translation`] = 0;
    throw new Error(`Locale "${code}" could not be loaded`);
  }
  if (latestRequested !== code) return code;
  applyDocumentLanguage(code, findLanguage(code)?.dir);
  rememberLanguage(code);
  return code;
}

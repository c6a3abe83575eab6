import { applyDocumentLanguage } from '@tessera/document-language/document-language';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { initialLanguage, rememberLanguage } from './language-choice';
import { findLanguage, localeLoader, SOURCE_LANGUAGE } from './languages';
import * as siteEnglish from './site-messages-en';

/** The back office's text, through the same i18next setup as the player site. */
export const i18n = i18next.createInstance();

interface SiteMessages {
  errors: object;
  validation: object;
}

/** The site's wording of server refusals per language, under the back office's own (which wins where both word one). */
const SITE_MESSAGES: Record<string, () => Promise<SiteMessages>> = {
  [SOURCE_LANGUAGE]: async () => siteEnglish,
  bn: () => import('./site-messages-bn'),
};

async function addSiteMessages(code: string) {
  const site = await SITE_MESSAGES[code]?.();
  if (site) i18n.addResourceBundle(code, 'translation', { errors: site.errors, validation: site.validation }, true, false);
}

async function loadLanguage(code: string) {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  const load = localeLoader(code);
  if (!load) throw new Error(`No back-office locale file for "${code}"`);
  const own = await load();
  i18n.addResourceBundle(code, 'translation', own.default, true, true);
  await addSiteMessages(code);
}

/**
 * Shows the back office in a language: its text, the tab's title, `<html lang dir>` and font; a choice is remembered
 * in this browser.
 */
export async function switchLanguage(code: string, { chosen = true } = {}) {
  const entry = findLanguage(code);
  if (!entry) throw new Error(`The back office is not written in "${code}"`);
  await loadLanguage(code);
  await i18n.changeLanguage(code);
  applyDocumentLanguage(code, entry.dir);
  document.title = i18n.t('shell.brand');
  if (chosen) rememberLanguage(code);
}

export async function startI18n() {
  await i18n.use(initReactI18next).init({
    lng: SOURCE_LANGUAGE,
    fallbackLng: SOURCE_LANGUAGE,
    resources: { [SOURCE_LANGUAGE]: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  await addSiteMessages(SOURCE_LANGUAGE);
  const code = initialLanguage();
  // A chunk that cannot load leaves the back office in English rather than not starting it.
  await switchLanguage(code, { chosen: false }).catch(() => applyDocumentLanguage(SOURCE_LANGUAGE));
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';

/** The back office's text, through the same i18next setup as the player site; English first, more files may follow. */
export const i18n = i18next.createInstance();

export function startI18n() {
  return i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
}

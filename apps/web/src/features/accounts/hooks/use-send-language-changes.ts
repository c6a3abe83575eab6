import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../api/profile-calls';

/**
 * Spec 7.1 "language update on change": while a member is logged in, each language the site switches to is sent
 * to the server. Best effort: the page has already changed language, and a failed send (offline, session just
 * ended) has nothing for the player to act on, so it is not shown.
 */
export function useSendLanguageChanges() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const send = (language: string) => {
      setLanguage(language).catch(() => undefined);
    };
    i18n.on('languageChanged', send);
    return () => i18n.off('languageChanged', send);
  }, [i18n]);
}

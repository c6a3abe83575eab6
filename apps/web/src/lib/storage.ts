/**
 * Local and session storage by name (spec §3). Storage can be unavailable (private mode, disabled cookies):
 * every access is guarded so the site still works, just without remembering.
 */
/** `chatVisitor`: the key a visitor's chat is resumed with before they log in; `analyticsConsent`: granted or denied. */
type LocalKey = 'lang' | 'hisLang' | 'chatVisitor' | 'analyticsConsent';
type SessionKey = 'token' | 'merchant' | 'account' | 'isAgent' | 'popupAnnouncementShown';

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export const storage = {
  get: (key: LocalKey): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: LocalKey, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: LocalKey): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const sessionStore = {
  get: (key: SessionKey): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: SessionKey, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: SessionKey): void => safe(() => window.sessionStorage.removeItem(key), undefined),
};

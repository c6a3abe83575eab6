import { type BootData, LANGUAGE_COOKIE, PRERENDERED_ATTRIBUTE } from '@tessera/contract/api/boot-data';
import { isDomainAllowed } from '../../features/system/domain-check';
import { writeCookie } from '../../lib/cookies';
import { sessionStore, storage } from '../../lib/storage';

/**
 * A visitor's home page is the server's HTML, not hydrated: banners, welcome text and game tiles need no script, its
 * links navigate as links, and the app starts only when the visitor taps a control that needs it (the menu, a
 * favourite, a banner arrow), whose tap is then replayed (early-taps.ts). The language select works without the
 * app: the server writes the page in the language of the `lang` cookie, so a choice is stored and the page
 * reloaded. Everything else (a member's page, another language than the page's, a domain the merchant does not
 * list) boots at once, as before.
 */
export function staysStatic(root: HTMLElement): boolean {
  const language = root.getAttribute(PRERENDERED_ATTRIBUTE);
  if (language === null || sessionStore.get('token') !== null) return false;
  const stored = storage.get('lang');
  if (stored !== null && stored !== language) return false;
  let data: BootData;
  try {
    data = JSON.parse(document.getElementById('boot-data')?.textContent ?? '') as BootData;
  } catch {
    return false;
  }
  return data.status.status === 0 && isDomainAllowed(window.location, data.status.info.domainRoute);
}

/** The root redirects to /index, whose page the server painted: the address says so without a reload. */
export function showHomeAddress() {
  if (window.location.pathname !== '/') return;
  window.history.replaceState(window.history.state, '', `/index${window.location.search}${window.location.hash}`);
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The attribute that marks the language select, for the page's handler before the app runs. */
export const LANGUAGE_SELECT_ATTRIBUTE = 'data-language-select';

const chooseLanguage = (event: Event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !select.hasAttribute(LANGUAGE_SELECT_ATTRIBUTE)) return;
  // As the app records a choice (i18n.ts activateLanguage): the player's language, and the cookie the server reads.
  storage.set('lang', select.value);
  storage.set('hisLang', select.value);
  writeCookie(LANGUAGE_COOKIE, select.value, ONE_YEAR_SECONDS);
  window.location.reload();
};

let staticRoot: HTMLElement | null = null;

/** Handles the language select of the static page until the app's own select replaces the handler. */
export function handleLanguageSelect(root: HTMLElement) {
  staticRoot = root;
  root.addEventListener('change', chooseLanguage);
}

/** Called by the app's language select once React handles it: a choice is then switched in place. */
export function releaseLanguageSelect() {
  staticRoot?.removeEventListener('change', chooseLanguage);
  staticRoot = null;
}

const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Starts the app when the visitor taps a button or opens a disclosure (a link navigates by itself), and starts
 * fetching it on the first press or key, a moment before the click that needs it.
 */
export function bootOnFirstTap(root: HTMLElement, prefetch: () => void, boot: () => void) {
  let fetching = false;
  const onIntent = () => {
    if (fetching) return;
    fetching = true;
    for (const type of INTENT_EVENTS) root.removeEventListener(type, onIntent, true);
    prefetch();
  };
  const onClick = (event: Event) => {
    // A disclosure (the footer's help) opens by itself; its content is the app's to fetch.
    if (!(event.target instanceof Element) || !event.target.closest('button, summary')) return;
    root.removeEventListener('click', onClick, true);
    onIntent();
    boot();
  };
  for (const type of INTENT_EVENTS) root.addEventListener(type, onIntent, true);
  root.addEventListener('click', onClick, true);
}

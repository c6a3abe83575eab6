import { type BootData, PRERENDERED_ATTRIBUTE } from '@tessera/contract/api/boot-data';
import { isDomainAllowed } from '../../features/system/domain-check';
import { sessionStore, storage } from '../../lib/storage';

/**
 * A visitor's home page is the server's HTML, not hydrated: banners, welcome text and game tiles need no script, its
 * links navigate as links, and the app starts only when the visitor taps a control that needs it (the menu, a
 * favourite, a banner arrow, the language select), whose tap is then replayed (early-taps.ts). Everything else (a
 * member's page, another language than the page's, a domain the merchant does not list, a merchant's Google tag the
 * visitor has not declined: the consent banner and the tag are the app's) boots at once.
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
  // Read here, not through the consent module: that module is the banner's chunk, and the visitor's look loads no chunk.
  if (data.status.info.analytics.gtagId && storage.get('analyticsConsent') !== 'denied') return false;
  return data.status.status === 0 && isDomainAllowed(window.location, data.status.info.domainRoute);
}

/** The root redirects to /index, whose page the server painted: the address says so without a reload. */
export function showHomeAddress() {
  if (window.location.pathname !== '/') return;
  window.history.replaceState(window.history.state, '', `/index${window.location.search}${window.location.hash}`);
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

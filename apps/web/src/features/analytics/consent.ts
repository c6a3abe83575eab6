import { storage } from '../../lib/storage';

export type Consent = 'granted' | 'denied';

/** The player's answer to the analytics question in this browser, or null when not asked yet. */
export function rememberedConsent(): Consent | null {
  const value = storage.get('analyticsConsent');
  return value === 'granted' || value === 'denied' ? value : null;
}

export const rememberConsent = (consent: Consent) => storage.set('analyticsConsent', consent);

/**
 * The question asked again: the footer's "Cookie settings" opens it, the banner answers and closes it. Kept outside
 * React so the footer (in the main chunk) can open it before the banner's lazy chunk has arrived.
 */
let openedBy: HTMLElement | null | undefined;
const listeners = new Set<() => void>();
const publish = () => {
  for (const listener of listeners) listener();
};

export const consentQuestion = {
  /** Asks again; `opener` gets the focus back once it is answered. */
  open(opener: HTMLElement | null) {
    openedBy = opener;
    publish();
  },
  /** Closes it, and puts the focus back where it was asked from. */
  close() {
    const opener = openedBy;
    openedBy = undefined;
    publish();
    opener?.focus();
  },
  isOpen: () => openedBy !== undefined,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

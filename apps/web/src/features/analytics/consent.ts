import { storage } from '../../lib/storage';

export type Consent = 'granted' | 'denied';

/** The player's answer to the analytics question in this browser, or null when not asked yet. */
export function rememberedConsent(): Consent | null {
  const value = storage.get('analyticsConsent');
  return value === 'granted' || value === 'denied' ? value : null;
}

export const rememberConsent = (consent: Consent) => storage.set('analyticsConsent', consent);

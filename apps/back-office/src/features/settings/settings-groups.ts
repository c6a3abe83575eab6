import type { RegionPolicy, WhitelabelNode } from '@tessera/contract/settings';

/**
 * The translation key of the question a save asks first, for changes that can shut players out at once; null
 * when the change saves without asking. Maintenance asks in its own panel.
 */
export function confirmationOf(key: string, before: unknown, after: unknown): string | null {
  if (key === 'region') {
    const [was, next] = [before as RegionPolicy, after as RegionPolicy];
    const newlyAllowListed = was.allowCountries.length === 0 && next.allowCountries.length > 0;
    const newlyBlockingUnknown = !was.blockUnknownCountry && next.blockUnknownCountry;
    return newlyAllowListed || newlyBlockingUnknown ? 'settings.confirm_region' : null;
  }
  if (key === 'whitelabel') {
    return (before as WhitelabelNode).enabled && !(after as WhitelabelNode).enabled ? 'settings.confirm_features_off' : null;
  }
  return null;
}

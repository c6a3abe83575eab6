import { FEATURES, setFeature } from '@tessera/contract/features';
import type { SiteSettingsService } from '../site-settings/service.js';

/**
 * Switches the two login protections (bot check, new-address verification) for a merchant, as the
 * operator's `features` command would; used by the demo seed and by tests that are not about them.
 */
export async function switchAccountChecks(settings: SiteSettingsService, merchantCode: string, enabled: boolean, actor: string) {
  await settings.update(
    merchantCode,
    'whitelabel',
    (tree) => {
      let next = tree;
      for (const modId of [FEATURES.botCheck, FEATURES.newIpVerification]) next = setFeature(next, modId, enabled) ?? next;
      return next;
    },
    actor,
  );
}

import { FEATURES, setFeature } from '@tessera/contract/features';
import type { Kysely } from 'kysely';
import { switchAccountChecks } from '../../modules/bot-check/switch.js';
import { seedCatalogue } from '../../modules/catalogue/seed.js';
import { seedDemoContent } from '../../modules/content/demo-content.js';
import { seedDemoDeposits } from '../../modules/deposits/demo.js';
import { seedDemoPromotions } from '../../modules/promotions/demo.js';
import { DEFAULT_SETTINGS } from '../../modules/site-settings/defaults.js';
import type { SiteSettingsService } from '../../modules/site-settings/service.js';
import type { Database } from '../schema.js';
import { seedDemoMarketing } from './demo-marketing.js';
import { DEMO_PAYMENT_METHODS } from './demo-payment-methods.js';

export const DEMO_MERCHANT = 'demo';
const ACTOR = 'seed';

/**
 * The demo merchant a fresh install starts with. Idempotent: an existing merchant is left exactly as the
 * operator has it. Later modules extend this seed with their own demo content.
 */
export async function seedDemoMerchant(db: Kysely<Database>, settings: SiteSettingsService): Promise<boolean> {
  const created = await settings.addMerchant(DEMO_MERCHANT, 'Tessera Demo');
  if (!created) return false;
  await settings.set(
    DEMO_MERCHANT,
    'product',
    {
      ...DEFAULT_SETTINGS.product,
      brand: { platform: 'TESSERA', merchant: DEMO_MERCHANT, lotteryType: 'SEA', name: 'Tessera' },
      currency: { code: 'BDT', symbol: '৳', minorDigits: 2 },
      phoneCountry: 'BD',
      // The demo pays no sign-up bonus, so it advertises none (the defaults carry the original platform's copy).
      marketing: { ...DEFAULT_SETTINGS.product.marketing, registerBonus: '', zaloBonus: '' },
    },
    ACTOR,
  );
  await settings.set(
    DEMO_MERCHANT,
    'domainRoutes',
    [
      { domain: 'localhost', isMain: true },
      { domain: '127.0.0.1', isMain: false },
    ],
    ACTOR,
  );
  // The demo has no outside chat service: both service lines open the site's own help centre.
  await settings.set(
    DEMO_MERCHANT,
    'customerService',
    [
      { csType: 'LIVECHAT', path: '/helpmc' },
      { csType: 'VIP', path: '/helpmc' },
    ],
    ACTOR,
  );
  // The demo runs with the bot check and new-address login verification on
  await switchAccountChecks(settings, DEMO_MERCHANT, true, ACTOR);
  // A forgotten password comes back by SMS too: the demo's SMS go to the outbox (`admin outbox list`)
  await settings.update(
    DEMO_MERCHANT,
    'whitelabel',
    (tree) => setFeature(tree, FEATURES.passwordResetByPhone, true) ?? tree,
    ACTOR,
  );
  // Payment-method logos of the footer (spec 2.2): only of the channels the demo has.
  await settings.set(DEMO_MERCHANT, 'resources', DEMO_PAYMENT_METHODS, ACTOR);
  await seedCatalogue(db, DEMO_MERCHANT);
  await seedDemoMarketing(db, settings, DEMO_MERCHANT, ACTOR);
  await seedDemoContent(db, settings, DEMO_MERCHANT, ACTOR);
  await seedDemoDeposits(db, DEMO_MERCHANT);
  await seedDemoPromotions(db, DEMO_MERCHANT, ACTOR);
  // The demo earns points: 1 point per ৳1.00 of valid bet on slots and lottery, 100 points buy ৳1.00.
  await settings.set(
    DEMO_MERCHANT,
    'points',
    { earnRates: { RNG: 100, LOTT: 100 }, convertPoints: 100, convertMinor: '100', minConvertPoints: 100 },
    ACTOR,
  );
  return true;
}

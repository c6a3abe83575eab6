import type { Kysely } from 'kysely';
import { CatalogueService } from '../../modules/catalogue/service.js';
import type { SiteSettingsService } from '../../modules/site-settings/service.js';
import type { Database } from '../schema.js';

/**
 * The home page's "N casino games / N slots" figures, counted from the catalogue the demo really has. The catalogue
 * knows no sports types, and the demo has no sports vendor, so that figure is 0 (a 0 is not shown).
 */
export async function seedDemoMarketing(db: Kysely<Database>, settings: SiteSettingsService, merchant: string, actor: string) {
  const catalogue = new CatalogueService(db);
  const [casinoGames, slotGames] = await Promise.all([
    catalogue.countGames(merchant, 'LIVE'),
    catalogue.countGames(merchant, 'RNG'),
  ]);
  await settings.update(
    merchant,
    'product',
    (product) => ({ ...product, marketing: { ...product.marketing, sportsTypes: 0, casinoGames, slotGames } }),
    actor,
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { createTestDb } from '../../test/test-db.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { importCatalogue } from './import.js';

const ICON = '/media/catalogue/default.dc40b7c1.svg';

describe('concurrent catalogue imports', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
  });
  afterAll(() => db.close());

  it('serialises two imports of the same new vendor: one creates, the other finds everything unchanged', async () => {
    const file = {
      format: 'tessera.catalogue/1',
      vendors: [
        {
          vassalage: 'RACE_RNG',
          displayName: 'Race',
          category: 'RNG',
          accountTypeName: 'RACE',
          sortOrder: 30,
          isHot: false,
          isGame: 'VASSALAGE',
          icon: ICON,
        },
      ],
      games: Array.from({ length: 300 }, (_, index) => ({
        vassalage: 'RACE_RNG',
        gameId: `RC${index}`,
        names: { en: `Race ${index}` },
        classify: 'SLOT',
        icon: ICON,
        isHot: false,
        popularity: 0,
        sortOrder: index,
      })),
    };
    const results = await Promise.all([
      importCatalogue(db.kysely, DEMO_MERCHANT, file),
      importCatalogue(db.kysely, DEMO_MERCHANT, file),
    ]);
    const games = results.map((summary) => summary.games).sort((a, b) => b.created - a.created);
    expect(games).toEqual([
      { created: 300, updated: 0, unchanged: 0 },
      { created: 0, updated: 0, unchanged: 300 },
    ]);
  });
});

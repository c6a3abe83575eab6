import { buildApp } from '../app.js';
import { seedDemoMerchant } from '../db/seed/demo-merchant.js';
import { SiteSettingsService } from '../modules/site-settings/service.js';
import { loadConfig } from '../platform/config.js';
import { createTestDb, type TestDb } from './test-db.js';

export type Instance = Awaited<ReturnType<typeof buildApp>>;

/**
 * Two server instances on one fresh database (DESIGN §3 scale-out), each with its own connections as two processes
 * have (on PGlite they share the one in-process database): what a change on one must reach on the other.
 */
export async function createTwoInstances(): Promise<{ db: TestDb; first: Instance; second: Instance; close(): Promise<void> }> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const db = await createTestDb();
  await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
  const first = await buildApp({ config, db });
  const second = await buildApp({ config, db: await db.reopen() });
  return {
    db,
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

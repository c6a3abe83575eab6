import { SiteSettingsService } from '../modules/site-settings/service.js';
import { loadConfig } from '../platform/config.js';
import { claimDataDir } from '../platform/instance-lock.js';
import { openMigratedDb } from './open.js';
import { seedDemoMerchant } from './seed/demo-merchant.js';

/** `npm run db:seed`: creates the demo merchant if it does not exist (the server also does this on first start). */
const config = loadConfig();
const lock = config.databaseUrl ? null : claimDataDir(config.dataDir);
const db = await openMigratedDb(config);
try {
  const created = await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
  process.stdout.write(created ? 'Seeded the demo merchant.\n' : 'The demo merchant already exists; nothing changed.\n');
} finally {
  await db.close();
  lock?.release();
}

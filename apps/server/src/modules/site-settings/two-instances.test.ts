import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { SiteSettingsService } from './service.js';

/**
 * Two server instances on one database (DESIGN §3 scale-out): a change made through one — or by the admin CLI
 * writing to the database directly — reaches the other's cached settings through LISTEN/NOTIFY.
 */
describe('site settings across instances', () => {
  let db: TestDb;
  let first: Awaited<ReturnType<typeof buildApp>>;
  let second: Awaited<ReturnType<typeof buildApp>>;
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });

  beforeAll(async () => {
    db = await createTestDb();
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    first = await buildApp({ config, db });
    second = await buildApp({ config, db: await db.reopen() });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const statusOf = async (app: typeof first) =>
    (await app.inject({ method: 'GET', url: '/wps/system/status' })).json().value.status;

  it('shows maintenance switched by another writer on the next requests of every instance', async () => {
    expect(await statusOf(first)).toBe(0);
    expect(await statusOf(second)).toBe(0);
    const operator = new SiteSettingsService(db.kysely);
    await operator.set(DEMO_MERCHANT, 'maintenance', { enabled: true, endAt: null }, 'test');
    await expect.poll(() => statusOf(first), { timeout: 5000, interval: 20 }).toBe(1);
    await expect.poll(() => statusOf(second), { timeout: 5000, interval: 20 }).toBe(1);
    await operator.set(DEMO_MERCHANT, 'maintenance', { enabled: false, endAt: null }, 'test');
    await expect.poll(() => statusOf(second), { timeout: 5000, interval: 20 }).toBe(0);
  });
});

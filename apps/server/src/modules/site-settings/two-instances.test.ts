import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTwoInstances, type Instance } from '../../test/two-instances.js';
import { SiteSettingsService } from './service.js';

/**
 * Two server instances on one database (DESIGN §3 scale-out): a change made through one — or by the admin CLI
 * writing to the database directly — reaches the other's cached settings through LISTEN/NOTIFY.
 */
describe('site settings across instances', () => {
  let instances: Awaited<ReturnType<typeof createTwoInstances>>;
  beforeAll(async () => {
    instances = await createTwoInstances();
  });
  afterAll(() => instances.close());

  const statusOf = async (app: Instance) => (await app.inject({ method: 'GET', url: '/wps/system/status' })).json().value.status;

  it('shows maintenance switched by another writer on the next requests of every instance', async () => {
    const { db, first, second } = instances;
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { DEMO_PAYMENT_METHODS, PAYMENT_RESOURCE_PREFIX } from './demo-payment-methods.js';

describe('demo merchant claims', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const status = async () => (await t.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('show the payment logo of its one deposit channel (play money) and no other', async () => {
    const resources: { resourceType: string; labelNameEn: string }[] = (await status()).info.resources;
    const payments = resources.filter((resource) => resource.resourceType.startsWith(PAYMENT_RESOURCE_PREFIX));
    expect(payments.map((resource) => resource.labelNameEn)).toEqual(['Demo play money']);
    const channels = await t.db.kysely
      .selectFrom('deposit_channels')
      .select(['kind', 'gateway'])
      .where('status', '=', 'active')
      .execute();
    expect(channels).toEqual([{ kind: 'instant', gateway: 'playmoney' }]);
  });

  it('count the games the catalogue has, and no sports types', async () => {
    const games = await t.db.kysely
      .selectFrom('catalogue_games as g')
      .innerJoin('catalogue_vendors as v', 'v.id', 'g.vendor_id')
      .select('v.category')
      .execute();
    const inCategory = (category: string) => games.filter((game) => game.category === category).length;
    expect((await status()).product.marketing).toMatchObject({
      sportsTypes: 0,
      casinoGames: inCategory('LIVE'),
      slotGames: inCategory('RNG'),
    });
    expect(inCategory('RNG')).toBeGreaterThan(0);
  });

  it('have logos the server serves as cacheable SVG', async () => {
    for (const method of DEMO_PAYMENT_METHODS) {
      const response = await t.app.inject({ method: 'GET', url: method.url });
      expect(response.statusCode, method.url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

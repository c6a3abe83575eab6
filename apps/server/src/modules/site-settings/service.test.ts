import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { createTestDb } from '../../test/test-db.js';
import { DEFAULT_SETTINGS } from './defaults.js';
import { SettingsRejected } from './errors.js';
import { SiteSettingsService } from './service.js';

describe('site settings', () => {
  let db: Db;
  let settings: SiteSettingsService;
  beforeAll(async () => {
    db = await createTestDb();
    settings = new SiteSettingsService(db.kysely);
    await seedDemoMerchant(db.kysely, settings);
  });
  afterAll(() => db.close());

  const rejection = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SettingsRejected);
    return (error as SettingsRejected).reasons;
  };

  it('seeds the demo merchant once and leaves an existing one untouched', async () => {
    expect(await seedDemoMerchant(db.kysely, settings)).toBe(false);
    const demo = await settings.get(DEMO_MERCHANT, 0);
    expect(demo?.product.currency).toEqual({ code: 'BDT', symbol: '৳', minorDigits: 2 });
    expect(demo?.registerRules).toEqual(DEFAULT_SETTINGS.registerRules);
    // Nothing pays a sign-up bonus in the demo, so its home page and sign-up form promise none.
    expect(demo?.product.marketing).toMatchObject({ registerBonus: '', zaloBonus: '' });
  });

  it('knows no settings for an unknown merchant', async () => {
    expect(await settings.get('nobody', 0)).toBeNull();
    expect(await rejection(settings.set('nobody', 'maintenance', { enabled: true, endAt: null }, 'test'))).toEqual([
      'unknown merchant nobody',
    ]);
  });

  it('refuses register patterns that could backtrack catastrophically, and invalid ones', async () => {
    const reasons = await rejection(
      settings.update(
        DEMO_MERCHANT,
        'registerRules',
        (rules) => ({
          ...rules,
          username: { ...rules.username!, acceptedPattern: '^(a+)+$' },
          email: { ...rules.email!, acceptedPattern: '([a-z' },
          qqNum: { ...rules.qqNum!, minLength: 9, maxLength: 3 },
        }),
        'test',
      ),
    );
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toContain('username: pattern "^(a+)+$" can backtrack catastrophically');
    expect(reasons[1]).toContain('email: invalid regular expression');
    expect(reasons[2]).toBe('/qqNum/minLength qqNum: minLength 9 exceeds maxLength 3');
  });

  it('refuses malformed values by schema and bad CIDRs, duplicate modules and unknown default languages', async () => {
    expect(await rejection(settings.set(DEMO_MERCHANT, 'maintenance', { enabled: 'yes' } as never, 'test'))).not.toHaveLength(0);
    expect(
      await rejection(settings.update(DEMO_MERCHANT, 'region', (p) => ({ ...p, denyCidrs: ['10.0.0.0/33'] }), 'test')),
    ).toEqual(['/denyCidrs/0 not a CIDR range: 10.0.0.0/33']);
    expect(
      await rejection(
        settings.set(
          DEMO_MERCHANT,
          'whitelabel',
          { modId: 'ROOT', enabled: true, childrenNodes: [{ modId: 'ROOT', enabled: true, childrenNodes: [] }] },
          'test',
        ),
      ),
    ).toEqual(['/ duplicate modId: ROOT']);
    expect(await rejection(settings.update(DEMO_MERCHANT, 'product', (p) => ({ ...p, defaultLang: 'fr' }), 'test'))).toEqual([
      '/defaultLang defaultLang fr is not in supportLanguages',
    ]);
  });

  it('records every change in the audit trail with who made it', async () => {
    await settings.set(DEMO_MERCHANT, 'analytics', { gtagId: 'G-1' }, 'alice');
    await settings.set(DEMO_MERCHANT, 'analytics', { gtagId: 'G-2' }, 'bob');
    const trail = await settings.audit(DEMO_MERCHANT, 'analytics', 10);
    expect(trail.map(({ actor, oldValue, newValue }) => ({ actor, oldValue, newValue }))).toEqual([
      { actor: 'bob', oldValue: { gtagId: 'G-1' }, newValue: { gtagId: 'G-2' } },
      { actor: 'alice', oldValue: null, newValue: { gtagId: 'G-1' } },
    ]);
  });

  it('loses no change when operators edit the same key at the same time', async () => {
    const countries = ['AA', 'BB', 'CC', 'DD', 'EE', 'FF', 'GG', 'HH'];
    await Promise.all(
      countries.map((country) =>
        settings.update(
          DEMO_MERCHANT,
          'region',
          (policy) => ({ ...policy, denyCountries: [...policy.denyCountries, country] }),
          'test',
        ),
      ),
    );
    const region = (await settings.get(DEMO_MERCHANT, 0))?.region;
    expect(region?.denyCountries.slice().sort()).toEqual(countries);
  });
});

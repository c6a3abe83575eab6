import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { SettingsRejected } from './errors.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A policy's directives by name, each with its sources. */
function directives(policy: unknown): Map<string, string[]> {
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('content security policy of the player pages, per merchant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const pagePolicy = async (url = '/index') =>
    directives((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);

  it('allows no analytics origin while the merchant has no Google tag', async () => {
    await t.settings.set(DEMO_MERCHANT, 'analytics', { gtagId: '' }, 'test');
    const policy = await pagePolicy();
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect([...policy.values()].flat().join(' ')).not.toMatch(/google/);
  });

  it("allows exactly the tag's origins on every page once the merchant sets a Google tag, and drops them when unset", async () => {
    await t.settings.set(DEMO_MERCHANT, 'analytics', { gtagId: 'G-TESSERA42' }, 'test');
    for (const url of ['/index', '/vip', '/no-such-page']) {
      const policy = await pagePolicy(url);
      expect(policy.get('script-src'), url).toEqual(["'self'", 'https://www.googletagmanager.com']);
      expect(policy.get('connect-src'), url).toEqual([
        "'self'",
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ]);
      expect(policy.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
    }
    // The API's answers are no documents: their policy stays the plain one.
    const api = directives((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).headers['content-security-policy']);
    expect(api.get('script-src')).toEqual(["'self'"]);

    await t.settings.set(DEMO_MERCHANT, 'analytics', { gtagId: '' }, 'test');
    expect((await pagePolicy()).get('script-src')).toEqual(["'self'"]);
  });

  it('refuses a tag ID that is not a Google tag ID, so nothing else can reach the page', async () => {
    for (const gtagId of ['G-x"><script>', 'https://evil.example/tag.js', 'AW-1 G-2']) {
      const error = await t.settings.set(DEMO_MERCHANT, 'analytics', { gtagId }, 'test').catch((e: unknown) => e);
      expect(error, gtagId).toBeInstanceOf(SettingsRejected);
    }
  });
});

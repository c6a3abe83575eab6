import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../db/seed/demo-merchant.js';
import { createTestApp } from '../test/test-app.js';
import { WEB_MANIFEST_PATH } from './web-manifest.js';

describe('GET /manifest.webmanifest', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: WEB_MANIFEST_PATH, headers });

  it('names the app after the merchant brand, in its default language, with installable icons', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.json()).toMatchObject({
      name: 'Tessera',
      short_name: 'Tessera',
      lang: 'bn',
      start_url: '/index?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const sizes = response.json().icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it('is cached briefly and revalidated by ETag', async () => {
    const first = await get();
    expect(first.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const etag = String(first.headers.etag);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('follows an operator change of the brand and default language, with a new ETag', async () => {
    const before = await get();
    await t.settings.update(
      DEMO_MERCHANT,
      'product',
      (product) => ({ ...product, defaultLang: 'en', brand: { ...product.brand, name: 'Lucky Lotus' } }),
      'test',
    );
    const after = await get({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ name: 'Lucky Lotus', short_name: 'Lucky Lotus', lang: 'en' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

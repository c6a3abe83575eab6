import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

describe('the back office pages', () => {
  let dist: string;
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'back-office-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<title>back office</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { BACK_OFFICE_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves its page for every screen path, with its own policy, kept from search engines and caches', async () => {
    for (const url of ['/bo/', '/bo/login', '/bo/enrol', '/bo/audit?page=2']) {
      const page = await t.app.inject({ url });
      expect([url, page.statusCode, page.body]).toEqual([url, 200, '<title>back office</title>']);
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['content-security-policy']).not.toContain('https:');
      expect(page.headers['cache-control']).toBe('no-store');
    }
    expect((await t.app.inject({ url: '/bo' })).headers.location).toBe('/bo/');
    const asset = await t.app.inject({ url: '/bo/assets/index-abc123.js' });
    expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await t.app.inject({ url: '/bo/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers its API in the envelope, never with a page, and keeps the player site its own policy', async () => {
    const unknown = await t.app.inject({ url: '/bo/api/nothing-here' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'route.not.found']);
    expect(unknown.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(unknown.headers['cache-control']).toBe('no-store');
    const site = await t.app.inject({ url: '/' });
    expect(site.headers['x-robots-tag']).toBeUndefined();
    expect(site.headers['content-security-policy']).toContain('https:');
  });

  it('lists its calls under their own tag in the OpenAPI document', async () => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { tags: string[]; security?: unknown }>>;
    };
    const calls = Object.entries(document.paths).filter(([url]) => url.startsWith('/bo/api/'));
    expect(calls.length).toBeGreaterThan(10);
    for (const [url, methods] of calls) {
      for (const operation of Object.values(methods)) expect([url, operation.tags]).toEqual([url, ['back-office']]);
    }
    expect(document.paths['/bo/api/staff']?.get?.security).toEqual([{ staffToken: [] }]);
  });
});

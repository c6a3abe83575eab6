import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_GAME_ICON } from '@tessera/contract/catalogue/artwork';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { ARTWORK_PREFIX, CATALOGUE_STATIC_DIR, HASHED_ARTWORK } from './artwork.js';
import { DEMO_CATALOGUE_FILE } from './seed.js';

const artworkFiles = (dir = CATALOGUE_STATIC_DIR): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return artworkFiles(full);
    return entry.name.endsWith('.svg') ? [path.relative(CATALOGUE_STATIC_DIR, full).split(path.sep).join('/')] : [];
  });

describe('catalogue artwork', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names every picture after its content, so an immutable cache never serves a stale one', () => {
    const files = artworkFiles();
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) {
      expect(file).toMatch(HASHED_ARTWORK);
      const hash = createHash('sha256')
        .update(fs.readFileSync(path.join(CATALOGUE_STATIC_DIR, file)))
        .digest('hex')
        .slice(0, 8);
      expect(file, `rename to ${file.replace(/\.[0-9a-f]{8}\.svg$/, `.${hash}.svg`)}`).toContain(`.${hash}.svg`);
    }
  });

  it('has a picture for every icon of the demo catalogue and for the default icon', () => {
    const demo = fs.readFileSync(DEMO_CATALOGUE_FILE, 'utf8');
    const icons = [...demo.matchAll(/"(\/media\/catalogue\/[^"]+)"/g)].map((match) => match[1]!);
    const { vendors, games } = JSON.parse(demo) as { vendors: unknown[]; games: unknown[] };
    expect(icons).toHaveLength(vendors.length + games.length);
    for (const icon of [...icons, DEFAULT_GAME_ICON]) {
      expect(fs.existsSync(path.join(CATALOGUE_STATIC_DIR, icon.slice(ARTWORK_PREFIX.length))), icon).toBe(true);
    }
  });

  it('serves a picture as SVG with a year-long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/catalogue/games/lotus-fortune.2462b58e.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('<svg');
    const icon = await t.app.inject({ method: 'GET', url: DEFAULT_GAME_ICON });
    expect(icon.statusCode).toBe(200);
  });

  it('answers 404 for a missing picture, an unhashed name, the import example and a path outside the folder', async () => {
    for (const url of [
      '/media/catalogue/games/missing.12345678.svg',
      '/media/catalogue/games/lotus-fortune.svg',
      '/media/catalogue/demo-catalogue.json',
      '/media/catalogue/../../package.json',
      '/media/catalogue/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'] ?? '', url).not.toContain('immutable');
    }
  });
});

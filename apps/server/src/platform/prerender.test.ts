import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BootData } from '@tessera/contract/api/boot-data';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHomePrerender } from './prerender.js';

const log = { warn: () => {} };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A web build whose ssr/render-home.js counts its renders and writes the brand name it was given. */
function webBuildWithPrerender(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-prerender-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'ssr'));
  fs.writeFileSync(
    path.join(dir, 'ssr', 'render-home.js'),
    `export const PRERENDERED_PATHS = ['/', '/index'];
     export let renders = 0;
     export async function renderHomePage(data) {
       renders += 1;
       const language = data.announcements?.language ?? 'bn';
       return { html: '<header>' + data.status.product.brand.name + ' ' + language + '</header>', language, dir: 'ltr', title: 'Home' };
     }`,
  );
  return dir;
}

const bootData = (brand: string, ip = '203.0.113.7', language = 'bn') =>
  ({
    status: { status: 0, location: { ip, country: 'BD' }, product: { brand: { name: brand } } },
    announcements: { language, lists: {} },
  }) as unknown as BootData;

describe('loadHomePrerender', () => {
  it('is absent when the web build has no prerender module', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-prerender-'));
    dirs.push(dir);
    expect(await loadHomePrerender(dir, log)).toBeNull();
  });

  it('renders the home paths only', async () => {
    const prerender = await loadHomePrerender(webBuildWithPrerender(), log);
    expect(await prerender?.('/index', bootData('Tessera'))).toEqual({
      html: '<header>Tessera bn</header>',
      language: 'bn',
      dir: 'ltr',
      title: 'Home',
    });
    expect(await prerender?.('/', bootData('Tessera'))).not.toBeNull();
    for (const other of ['/vip', '/login', '/index/x']) expect(await prerender?.(other, bootData('Tessera'))).toBeNull();
  });

  it('reuses the last page for another visitor and renders again when the site data changes', async () => {
    const dir = webBuildWithPrerender();
    const prerender = await loadHomePrerender(dir, log);
    const module = (await import(path.join(dir, 'ssr', 'render-home.js'))) as { renders: number };
    await prerender?.('/index', bootData('Tessera', '198.51.100.1'));
    await prerender?.('/index', bootData('Tessera', '198.51.100.2'));
    expect(module.renders).toBe(1);
    expect(await prerender?.('/index', bootData('Renamed'))).toMatchObject({ html: '<header>Renamed bn</header>' });
    expect(module.renders).toBe(2);
  });

  it('keeps a page per language, so visitors in different languages do not render it again for each other', async () => {
    const dir = webBuildWithPrerender();
    const prerender = await loadHomePrerender(dir, log);
    const module = (await import(path.join(dir, 'ssr', 'render-home.js'))) as { renders: number };
    expect(await prerender?.('/index', bootData('Tessera', '198.51.100.1', 'bn'))).toMatchObject({ language: 'bn' });
    expect(await prerender?.('/index', bootData('Tessera', '198.51.100.2', 'en'))).toMatchObject({
      html: '<header>Tessera en</header>',
      language: 'en',
    });
    await prerender?.('/index', bootData('Tessera', '198.51.100.3', 'bn'));
    await prerender?.('/index', bootData('Tessera', '198.51.100.4', 'en'));
    expect(module.renders).toBe(2);
  });

  it('refuses a module that does not have the expected exports', async () => {
    const dir = webBuildWithPrerender();
    fs.writeFileSync(path.join(dir, 'ssr', 'render-home.js'), 'export const nothing = 1;');
    await expect(loadHomePrerender(dir, log)).rejects.toThrow(/renderHomePage/);
  });
});

import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../db/seed/demo-merchant.js';
import { createTestApp } from '../test/test-app.js';
import { type BootData, renderIndex } from './boot-data.js';

const countries: Record<string, string> = { '127.0.0.1': 'BD' };

function bootDataOf(html: string): BootData {
  const match = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no boot data in the page');
  return JSON.parse(match[1]) as BootData;
}

describe('index.html boot data', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ countryOf: (ip) => countries[ip] ?? null });
  });
  afterAll(() => t.close());

  const page = async (url = '/index') => (await t.app.inject({ method: 'GET', url })).body;

  it("carries exactly what the home page's calls answer for the default merchant", async () => {
    const data = bootDataOf(await page());
    const status = (await t.app.inject({ method: 'GET', url: '/wps/system/status?host=localhost' })).json();
    expect(data.status).toEqual(status.value);
    expect(data.status.product.brand.merchant).toBe(DEMO_MERCHANT);
    const language = data.status.product.defaultLang;
    const announcements = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PU,PR,H&platform=W',
      headers: { language },
    });
    expect(data.announcements).toEqual({ language, lists: announcements.json().value });
    const call = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { language } })).json().value;
    const lanes = (await call('/wps/relay/GCSGAME_gameVendor?platform=html5-desktop')).data.lanes;
    expect(lanes.length).toBeGreaterThan(0);
    expect(data.catalogue).toEqual({
      language,
      lanes,
      hotGames: (await call(`/wps/relay/GCSGAME_hotGamesV2?isPlatform=2&platform=html5-desktop&language=${language}`)).list,
      popularGames: (await call(`/lgw/games/popular?count=20&device=web&language=${language}`)).list,
    });
    expect(data.catalogue?.hotGames.length).toBeGreaterThan(0);
  });

  it("is written in the language the visitor chose (the web app's lang cookie) when the site offers it", async () => {
    const inLanguage = async (cookie: string) =>
      bootDataOf((await t.app.inject({ method: 'GET', url: '/index', headers: { cookie } })).body);
    const response = await t.app.inject({ method: 'GET', url: '/index', headers: { cookie: 'lang=en' } });
    expect(response.headers.vary).toContain('cookie');
    const english = await inLanguage('theme=dark; lang=en');
    expect(english.status.product.supportLanguages).toContain('en');
    expect(english.announcements?.language).toBe('en');
    expect(english.catalogue?.language).toBe('en');
    const announcements = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PU,PR,H&platform=W',
      headers: { language: 'en' },
    });
    expect(english.announcements?.lists).toEqual(announcements.json().value);
    const defaultLanguage = english.status.product.defaultLang;
    for (const other of ['lang=xx', 'lang=', 'lang="en', 'lang=%E0%A6']) {
      expect((await inLanguage(other)).announcements?.language).toBe(defaultLanguage);
    }
  });

  it('shows maintenance switched on by the operator on the very next load, without announcements', async () => {
    await t.settings.set(DEMO_MERCHANT, 'maintenance', { enabled: true, endAt: null }, 'test');
    try {
      const data = bootDataOf(await page('/vip'));
      expect(data.status).toMatchObject({ status: 1, maintenance: true });
      expect(data.announcements).toBeUndefined();
      expect(data.catalogue).toBeUndefined();
    } finally {
      await t.settings.set(DEMO_MERCHANT, 'maintenance', { enabled: false, endAt: null }, 'test');
    }
    expect(bootDataOf(await page()).status.status).toBe(0);
  });

  it('is sent compressed to a browser that accepts it, brotli first', async () => {
    const plain = await page();
    const encoded = async (acceptEncoding: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/index', headers: { 'accept-encoding': acceptEncoding } });
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers.vary).toContain('accept-encoding');
      return { encoding: response.headers['content-encoding'], body: response.rawPayload };
    };
    const br = await encoded('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain);
    const gzip = await encoded('gzip, br;q=0');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain);
    expect((await encoded('identity')).encoding).toBeUndefined();
  });

  it("answers the site's routes with 200 and any other page path with the same app and 404", async () => {
    for (const url of ['/index', '/vip', '/VIP/', '/seaLottery?gameCode=x', '/register.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    for (const url of ['/no-such-page', '/vip/extra', '/other.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(bootDataOf(response.body).status.status).toBe(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/missing.js' })).headers['content-type']).not.toContain('text/html');
  });

  it('leaves /index.html, the offline shell the service worker caches, without any answer in it', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain('boot-data');
  });
});

describe('renderIndex', () => {
  const template = '<!doctype html><html><head><meta charset="UTF-8" /><title>T</title></head><body></body></html>';
  const hostile = '</script><script>alert(1)</script><!--';
  const data = {
    status: { info: { imageCDNs: [] }, product: { brand: { name: hostile } } },
    announcements: { language: 'en', lists: { banners: [{ url: '/media/a".svg', title: hostile }] } },
  } as unknown as BootData;

  it('escapes every < so no value can end the script element, and the JSON reads back unchanged', () => {
    const html = renderIndex(template, data, '/index');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(bootDataOf(html)).toEqual(data);
  });

  it('preloads the first banner right after the charset, with its address escaped as an attribute', () => {
    const html = renderIndex(template, data, '/index');
    expect(html).toContain(
      '<meta charset="UTF-8" />\n    <link rel="preload" as="image" fetchpriority="high" href="/media/a&quot;.svg" />',
    );
  });

  it('preloads the banner only where the home page shows: its popup routes too, no other page', () => {
    for (const path of ['/', '/index', '/login', '/register.html'])
      expect(renderIndex(template, data, path)).toContain('rel="preload"');
    for (const path of ['/vip', '/lottery', '/no-such-page'])
      expect(renderIndex(template, data, path)).not.toContain('rel="preload"');
  });

  it('preloads nothing when the web would pick one of several image CDNs at random', () => {
    const several = { ...data, status: { ...data.status, info: { imageCDNs: ['https://a.example', 'https://b.example'] } } };
    expect(renderIndex(template, several as unknown as BootData, '/index')).not.toContain('rel="preload"');
  });
});

describe('renderIndex with a prerendered page', () => {
  const template = '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>';
  const data = { status: { info: { imageCDNs: [] } } } as unknown as BootData;

  it('puts the page inside #root as it is (no replacement patterns), marked with its language', () => {
    const html = renderIndex(template, data, '/index', {
      html: '<header>$& $1 Tessera</header>',
      language: 'bn',
      dir: 'ltr',
      title: 'হোম · Tessera',
    });
    expect(html).toContain('<div id="root" data-prerendered="bn"><header>$& $1 Tessera</header></div>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('sets the page language and direction on <html>', () => {
    const html = renderIndex(
      '<!doctype html><html lang="bn" dir="ltr"><head></head><body><div id="root"></div></body></html>',
      data,
      '/index',
      { html: '<p>مرحبا</p>', language: 'ar', dir: 'rtl', title: 'الرئيسية · Tessera' },
    );
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(renderIndex(template, data, '/index', null)).toContain('<html>');
  });

  it('names the tab as the app names the page, before any script runs', () => {
    const html = renderIndex(
      '<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div></body></html>',
      data,
      '/index',
      { html: '<p>Home</p>', language: 'en', dir: 'ltr', title: 'Home · A&B <Casino>' },
    );
    expect(html).toContain('<title>Home · A&amp;B &lt;Casino&gt;</title>');
  });

  it('leaves #root empty without one', () => {
    expect(renderIndex(template, data, '/index', null)).toContain('<div id="root"></div>');
  });
});

import type { AnnouncementInput } from '@tessera/contract/api/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { actorFromName } from '../audit-log/service.js';
import { ContentService } from './service.js';

const OTHER = 'othersite';
const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('content calls', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let content: ContentService;
  beforeAll(async () => {
    t = await createTestApp();
    content = new ContentService(t.db.kysely);
    await t.db.kysely.insertInto('merchants').values({ code: OTHER, name: 'Other site' }).execute();
  });
  afterAll(() => t.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const add = (input: Partial<AnnouncementInput> & Pick<AnnouncementInput, 'type'>, merchant = OTHER) =>
    content.add(merchant, { texts: { en: { title: 'Title', content: '<p>Body</p>' } }, ...input }, actorFromName('test'));

  describe('announcements (MCSFE_getListAnnouncements)', () => {
    it('answers the demo merchant with every list, token-free, in the default language BN', async () => {
      const { status, body } = await get('/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W&execution=B');
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      const { banners, player, popup, promotion, headline } = body.value;
      expect(banners).toHaveLength(1);
      expect(banners[0]).toMatchObject({
        type: 'B',
        title: 'টেসেরায় স্বাগতম',
        language: 'bn',
        url: '/media/content/welcome-banner-v1.svg',
        groupName: 'w_home',
        linkageType: 'route',
        link: '/promotions',
      });
      expect(player).toHaveLength(12);
      expect(popup).toEqual([expect.objectContaining({ type: 'PU', title: 'দায়িত্বের সঙ্গে খেলুন' })]);
      expect(promotion).toEqual([]);
      expect(headline).toHaveLength(1);
    });

    it('answers in the Language header when the item has it', async () => {
      const { body } = await get('/wps/relay/MCSFE_getListAnnouncements?types=PU', { language: 'en' });
      expect(body.value.popup[0]).toMatchObject({ title: 'Play responsibly', language: 'en' });
      expect(body.value.popup[0].content).toContain('<strong>18 or older</strong>');
    });

    it('returns only the requested types; without types, the execution type; without either, banners (spec §9)', async () => {
      const onlyPopup = (await get('/wps/relay/MCSFE_getListAnnouncements?types=PU')).body.value;
      expect(onlyPopup.popup).toHaveLength(1);
      expect([onlyPopup.banners, onlyPopup.player, onlyPopup.headline]).toEqual([[], [], []]);
      const execution = (await get('/wps/relay/MCSFE_getListAnnouncements?execution=H')).body.value;
      expect(execution.headline).toHaveLength(1);
      expect(execution.banners).toEqual([]);
      const bare = (await get('/wps/relay/MCSFE_getListAnnouncements')).body.value;
      expect(bare.banners).toHaveLength(1);
      expect(bare.player).toEqual([]);
    });

    it('refuses unknown types and platforms with field errors', async () => {
      for (const query of ['types=B,XX', 'types=', 'platform=PC', 'execution=Z']) {
        const { status, body } = await get(`/wps/relay/MCSFE_getListAnnouncements?${query}`);
        expect(status, query).toBe(400);
        expect(body.code).toBe('request.invalid');
        expect(body.value.fields[0].field).toMatch(/^querystring\//);
      }
    });

    it('shows an item only inside its window: start ≤ now < end', async () => {
      await add({ type: 'PR', startTime: iso(-2 * HOUR), endTime: iso(-HOUR), texts: { en: { title: 'Ended', content: '' } } });
      await add({ type: 'PR', startTime: iso(HOUR), texts: { en: { title: 'Scheduled', content: '' } } });
      // One clock reading for both ends: two would be a millisecond apart now and then.
      const start = Date.now() - HOUR;
      const window = { startTime: new Date(start).toISOString(), endTime: new Date(start + 2 * HOUR).toISOString() };
      await add({ type: 'PR', ...window, texts: { en: { title: 'Running', content: '' } } });
      await add({ type: 'PR', startTime: iso(-HOUR), texts: { en: { title: 'Open-ended', content: '' } } });
      const { body } = await get('/wps/relay/MCSFE_getListAnnouncements?types=PR', { merchant: OTHER });
      expect(body.value.promotion.map((item: { title: string }) => item.title)).toEqual(['Open-ended', 'Running']);
      const running = body.value.promotion[1];
      expect(running.endTime - running.time).toBe(2 * HOUR);
    });

    it('sorts by sort order, then newest first', async () => {
      await add({ type: 'H', sortOrder: 5, startTime: iso(-3 * HOUR), texts: { en: { title: 'late in order', content: '' } } });
      await add({ type: 'H', sortOrder: -1, startTime: iso(-3 * HOUR), texts: { en: { title: 'pinned', content: '' } } });
      await add({ type: 'H', startTime: iso(-2 * HOUR), texts: { en: { title: 'older', content: '' } } });
      await add({ type: 'H', startTime: iso(-HOUR), texts: { en: { title: 'newer', content: '' } } });
      const { body } = await get('/wps/relay/MCSFE_getListAnnouncements?types=H', { merchant: OTHER });
      expect(body.value.headline.map((item: { title: string }) => item.title)).toEqual([
        'pinned',
        'newer',
        'older',
        'late in order',
      ]);
    });

    it('filters by platform: W and M items only reach their platform, A items reach both', async () => {
      await add({ type: 'B', platform: 'M', image: '/media/content/m.svg', texts: { en: { title: 'mobile', content: '' } } });
      await add({ type: 'B', platform: 'W', image: '/media/content/w.svg', texts: { en: { title: 'web', content: '' } } });
      await add({ type: 'B', image: '/media/content/a.svg', sortOrder: 1, texts: { en: { title: 'all', content: '' } } });
      const titles = async (platform: string) =>
        (
          await get(`/wps/relay/MCSFE_getListAnnouncements?types=B&platform=${platform}`, { merchant: OTHER })
        ).body.value.banners.map((item: { title: string }) => item.title);
      expect(await titles('W')).toEqual(['web', 'all']);
      expect(await titles('M')).toEqual(['mobile', 'all']);
    });

    it('falls back from the requested language to the merchant default (BN), then to any language', async () => {
      await add({
        type: 'PU',
        sortOrder: 1,
        texts: { bn: { title: 'বাংলা', content: '' }, en: { title: 'English', content: '' } },
      });
      await add({ type: 'PU', sortOrder: 2, texts: { ja: { title: '日本語', content: '' } } });
      const pick = async (language?: string) =>
        (
          await get(
            '/wps/relay/MCSFE_getListAnnouncements?types=PU',
            language ? { merchant: OTHER, language } : { merchant: OTHER },
          )
        ).body.value.popup.map((item: { title: string; language: string }) => `${item.language}:${item.title}`);
      expect(await pick('en-GB')).toEqual(['en:English', 'ja:日本語']);
      expect(await pick('fr')).toEqual(['bn:বাংলা', 'ja:日本語']);
      expect(await pick()).toEqual(['bn:বাংলা', 'ja:日本語']);
      expect(await pick('!!')).toEqual(['bn:বাংলা', 'ja:日本語']);
    });

    it('never shows one merchant the announcements of another', async () => {
      const { body } = await get('/wps/relay/MCSFE_getListAnnouncements?types=PR,H', { merchant: 'demo' });
      const titles = [...body.value.promotion, ...body.value.headline].map((item: { title: string }) => item.title);
      expect(titles).not.toContain('Running');
      expect(titles).not.toContain('pinned');
    });
  });

  describe('notice page (MCSFE_getNoticeList)', () => {
    it('pages the 12 demo notices 9 a page, newest first (spec §2.6)', async () => {
      const first = (await get('/wps/relay/MCSFE_getNoticeList', { language: 'en' })).body.value;
      expect(first).toMatchObject({ pageNum: 1, pageSize: 9, totalPages: 2, total: 12 });
      expect(first.content).toHaveLength(9);
      expect(first.content[0]).toEqual({
        id: expect.stringMatching(/^\d+$/),
        title: 'Welcome to Tessera Demo',
        content: expect.stringContaining('<strong>members centre</strong>'),
        time: expect.any(Number),
      });
      const times = first.content.map((notice: { time: number }) => notice.time);
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const second = (await get('/wps/relay/MCSFE_getNoticeList?pageNo=2', { language: 'en' })).body.value;
      expect(second).toMatchObject({ pageNum: 2, totalPages: 2, total: 12 });
      expect(second.content.map((notice: { title: string }) => notice.title).at(-1)).toBe('Site launch');
      expect(second.content).toHaveLength(3);
      const ids = new Set([...first.content, ...second.content].map((notice: { id: string }) => notice.id));
      expect(ids.size).toBe(12);
    });

    it('answers a page past the end with no notices and the true totals', async () => {
      const { status, body } = await get('/wps/relay/MCSFE_getNoticeList?pageNo=3');
      expect(status).toBe(200);
      expect(body.value).toEqual({ content: [], pageNum: 3, pageSize: 9, totalPages: 2, total: 12 });
    });

    it('accepts a page size up to 50 and refuses 0, 51 and non-numbers', async () => {
      const all = (await get('/wps/relay/MCSFE_getNoticeList?pageSize=50')).body.value;
      expect(all).toMatchObject({ totalPages: 1, total: 12 });
      for (const query of ['pageSize=0', 'pageSize=51', 'pageNo=0', 'pageNo=abc']) {
        const { status, body } = await get(`/wps/relay/MCSFE_getNoticeList?${query}`);
        expect(status, query).toBe(400);
        expect(body.code).toBe('request.invalid');
      }
    });

    it('answers one notice by id, and 404 notice.not.found for another merchant’s or a missing one', async () => {
      const [notice] = (await get('/wps/relay/MCSFE_getNoticeList?pageSize=1')).body.value.content;
      const found = await get(`/wps/relay/MCSFE_getNotice?id=${notice.id}`);
      expect(found.body.value).toEqual(notice);
      const elsewhere = await get(`/wps/relay/MCSFE_getNotice?id=${notice.id}`, { merchant: OTHER });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body).toEqual({
        success: false,
        value: null,
        code: 'notice.not.found',
        message: 'errors.notice_not_found',
      });
      expect((await get('/wps/relay/MCSFE_getNotice?id=999999999')).status).toBe(404);
      expect((await get('/wps/relay/MCSFE_getNotice?id=x')).status).toBe(400);
    });
  });

  describe('sanitising on write', () => {
    it('stores notices without scripts, event handlers or javascript: links, keeping the formatting', async () => {
      await add({
        type: 'PL',
        texts: {
          en: {
            title: '<b>Bold</b> & <script>alert(1)</script>title',
            content:
              '<p onclick="steal()">Hello <strong>world</strong> <em>now</em></p><script>alert(1)</script><img src="/x.png" onerror="alert(1)" alt="x"><a href="javascript:alert(1)">bad</a><a href="https://example.com" target="_blank">good</a><iframe src="https://evil.example"></iframe><ul><li>one</li></ul>',
          },
        },
      });
      const { body } = await get('/wps/relay/MCSFE_getNoticeList', { merchant: OTHER });
      const [stored] = body.value.content;
      expect(stored.title).toBe('Bold & title');
      expect(stored.content).toBe(
        '<p>Hello <strong>world</strong> <em>now</em></p><img src="/x.png" alt="x" /><a>bad</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a><ul><li>one</li></ul>',
      );
    });
  });

  describe('help centre and media', () => {
    it('serves the demo help centre in EN and BN with the anchors the footer links to', async () => {
      const { body } = await get('/wps/system/helpCenter');
      const ids = body.value.map((item: { id: string }) => item.id);
      expect(ids).toEqual(
        expect.arrayContaining([
          'about',
          'contact',
          'terms',
          'responsible-gaming',
          'privacy',
          'affiliates',
          'refund',
          'faq-register',
        ]),
      );
      for (const item of body.value) {
        expect(Object.keys(item.title).sort(), item.id).toEqual(['bn', 'en']);
        expect(item.content.en.length, item.id).toBeGreaterThan(200);
        expect(item.content.bn.length, item.id).toBeGreaterThan(200);
      }
      const responsible = body.value.find((item: { id: string }) => item.id === 'responsible-gaming');
      for (const topic of ['18+', 'Deposit limits', 'Time-out', 'Self-exclusion', 'Where to get help']) {
        expect(responsible.content.en).toContain(topic);
      }
    });

    it('serves the banner image with a year-long cache, and 404s a missing one', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/media/content/welcome-banner-v1.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toContain('<svg');
      const missing = await t.app.inject({ method: 'GET', url: '/media/content/nope.svg' });
      expect(missing.statusCode).toBe(404);
      const traversal = await t.app.inject({ method: 'GET', url: '/media/content/..%2f..%2fpackage.json' });
      expect([403, 404]).toContain(traversal.statusCode);
      expect(traversal.json()).toMatchObject({ success: false });
    });
  });
});

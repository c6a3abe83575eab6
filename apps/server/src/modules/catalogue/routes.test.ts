import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { importCatalogue } from './import.js';
import { DEMO_CATALOGUE_FILE } from './seed.js';

/** The house's own games in the demo catalogue: the counts below follow the file as games are added to it. */
const demoGames = (
  JSON.parse(fs.readFileSync(DEMO_CATALOGUE_FILE, 'utf8')) as { games: { vassalage: string; classify: string }[] }
).games;
const HOUSE_RNG_GAMES = demoGames.filter((game) => game.vassalage === 'TESSERA_RNG').length;
const classCount = (classify: string) => demoGames.filter((game) => game.classify === classify).length;

const ICON = '/media/catalogue/default.dc40b7c1.svg';

/** A third-party-style vendor with `count` games named "Game 001"…, enough to page through. */
function bigVendor(count: number) {
  return {
    format: 'tessera.catalogue/1',
    classifies: [
      { key: 'TABLE', names: { en: 'Table games', bn: 'টেবিল গেম' }, sortOrder: 50 },
      { key: 'ARCADE', names: { en: 'Arcade' }, sortOrder: 60 },
    ],
    vendors: [
      {
        vassalage: 'ACME_RNG',
        displayName: 'Acme',
        category: 'RNG',
        accountTypeName: 'ACME',
        sortOrder: 20,
        isHot: false,
        isGame: 'VASSALAGE',
        icon: ICON,
      },
    ],
    games: Array.from({ length: count }, (_, index) => ({
      vassalage: 'ACME_RNG',
      gameId: `AC${String(index + 1).padStart(3, '0')}`,
      names: { en: `Game ${String(index + 1).padStart(3, '0')}` },
      classify: index % 2 === 0 ? 'TABLE' : 'ARCADE',
      icon: ICON,
      isHot: false,
      popularity: index,
      sortOrder: index,
    })),
  };
}

describe('catalogue browse calls', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json() };
  };
  const lanes = async (headers: Record<string, string> = {}) =>
    (await get('/wps/relay/GCSGAME_gameVendor?platform=html5-desktop', headers)).body.value.data.lanes as {
      title: string;
      cards: { vassalage: string; status: string }[];
      gameClassify: { key: string; displayName: string; gameCount: number }[];
    }[];
  const reimport = (file: unknown) => importCatalogue(t.db.kysely, DEMO_MERCHANT, file);

  describe('vendor lanes', () => {
    it('shows only the categories that have vendors, in category order, with cards and game classes', async () => {
      const { status, body } = await get(`/wps/relay/GCSGAME_gameVendor?merchantCode=${DEMO_MERCHANT}`, { language: 'en' });
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      const shown = body.value.data.lanes;
      expect(shown.map((lane: { title: string }) => lane.title)).toEqual(['ELOTT', 'LOTT', 'RNG']);
      expect(shown[2]).toEqual({
        title: 'RNG',
        cards: [
          {
            vassalage: 'TESSERA_RNG',
            gameType: 'RNG',
            displayName: 'Tessera Slots',
            icon: '/media/catalogue/vendors/tessera-rng.596ef262.svg',
            largeIcon: '/media/catalogue/vendors/tessera-rng.596ef262.svg',
            isHot: true,
            isGame: 'VASSALAGE',
            accountTypeName: 'TESSERA',
            status: 'active',
          },
        ],
        gameClassify: [
          { key: 'SLOT', displayName: 'Slots', gameCount: classCount('SLOT') },
          { key: 'INSTANT', displayName: 'Instant games', gameCount: classCount('INSTANT') },
        ],
      });
      expect(shown[1].gameClassify).toEqual([
        { key: 'SEA_LOTTERY', displayName: 'SEA Lottery', gameCount: 1 },
        { key: 'VN_LOTTERY', displayName: 'Vietnam Lottery', gameCount: 1 },
      ]);
    });

    it('names game classes in Bengali for a BN visitor and in the merchant default for an unsupported language', async () => {
      expect((await lanes({ language: 'bn' }))[2]!.gameClassify[0]!.displayName).toBe('স্লট');
      expect((await lanes({ language: 'fr' }))[2]!.gameClassify[0]!.displayName).toBe('স্লট');
      expect((await lanes({ language: 'en-GB' }))[2]!.gameClassify[0]!.displayName).toBe('Slots');
    });

    it('hides a category whose vendors are all in maintenance, and shows it again when one is back', async () => {
      await reimport({ format: 'tessera.catalogue/1', vendors: [{ ...demoVendor('TESSERA_ELOTT'), status: 'maintenance' }] });
      expect((await lanes()).map((lane) => lane.title)).toEqual(['LOTT', 'RNG']);
      await reimport({ format: 'tessera.catalogue/1', vendors: [{ ...demoVendor('TESSERA_ELOTT'), status: 'active' }] });
      expect((await lanes()).map((lane) => lane.title)).toEqual(['ELOTT', 'LOTT', 'RNG']);
    });

    it('keeps a vendor in maintenance on its card while another vendor keeps the category shown', async () => {
      await reimport(bigVendor(3));
      await reimport({ format: 'tessera.catalogue/1', vendors: [{ ...demoVendor('TESSERA_RNG'), status: 'maintenance' }] });
      const rng = (await lanes()).find((lane) => lane.title === 'RNG')!;
      expect(rng.cards.map((card) => [card.vassalage, card.status])).toEqual([
        ['TESSERA_RNG', 'maintenance'],
        ['ACME_RNG', 'active'],
      ]);
      await reimport({ format: 'tessera.catalogue/1', vendors: [{ ...demoVendor('TESSERA_RNG'), status: 'active' }] });
    });

    it('leaves out retired vendors and disabled categories', async () => {
      await reimport({ format: 'tessera.catalogue/1', vendors: [{ ...demoVendor('ACME_RNG'), status: 'retired' }] });
      expect((await lanes()).find((lane) => lane.title === 'RNG')!.cards.map((card) => card.vassalage)).toEqual(['TESSERA_RNG']);
      await reimport({ format: 'tessera.catalogue/1', vendors: [{ ...demoVendor('ACME_RNG'), status: 'active' }] });
      await reimport({ format: 'tessera.catalogue/1', categories: [{ code: 'LOTT', sortOrder: 20, enabled: false }] });
      expect((await lanes()).map((lane) => lane.title)).toEqual(['ELOTT', 'RNG']);
      await reimport({ format: 'tessera.catalogue/1', categories: [{ code: 'LOTT', sortOrder: 20, enabled: true }] });
    });

    it('follows the operator sort order of categories', async () => {
      await reimport({ format: 'tessera.catalogue/1', categories: [{ code: 'RNG', sortOrder: 1, enabled: true }] });
      expect((await lanes()).map((lane) => lane.title)).toEqual(['RNG', 'ELOTT', 'LOTT']);
      await reimport({ format: 'tessera.catalogue/1', categories: [{ code: 'RNG', sortOrder: 60, enabled: true }] });
    });

    it('refuses a merchantCode that differs from the Merchant header', async () => {
      const { status, body } = await get('/wps/relay/GCSGAME_gameVendor?merchantCode=other');
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'function.not.available' });
    });
  });

  describe('game list', () => {
    beforeAll(async () => {
      await reimport(bigVendor(45));
    });

    const list = (query: string, headers: Record<string, string> = {}) => get(`/wps/relay/GCSGAME_gameList?${query}`, headers);

    it('pages through a vendor in sort order with page math', async () => {
      const first = await list('vassalage=ACME_RNG&pageNo=1&pageSize=20');
      expect(first.status).toBe(200);
      expect(first.body.value).toMatchObject({ pageNum: 1, pageSize: 20, totalPages: 3, total: 45 });
      expect(first.body.value.content).toHaveLength(20);
      expect(first.body.value.content[0]).toMatchObject({ gameId: 'AC001', gameName: 'Game 001', vassalage: 'ACME_RNG' });
      const last = await list('vassalage=ACME_RNG&pageNo=3&pageSize=20');
      expect(last.body.value.content.map((game: { gameId: string }) => game.gameId)).toEqual([
        'AC041',
        'AC042',
        'AC043',
        'AC044',
        'AC045',
      ]);
      const beyond = await list('vassalage=ACME_RNG&pageNo=4&pageSize=20');
      expect(beyond.body.value).toMatchObject({ content: [], pageNum: 4, totalPages: 3, total: 45 });
    });

    it('answers a full game item in the visitor language, falling back to English', async () => {
      const { body } = await list('vassalage=TESSERA_RNG&pageNo=1&pageSize=10', { language: 'bn' });
      expect(body.value.content[0]).toEqual({
        nodeId: expect.any(Number),
        gameId: 'TS_LOTUS_FORTUNE',
        gameName: 'লোটাস ফরচুন',
        iconUrl: '/media/catalogue/games/lotus-fortune.2462b58e.svg',
        vassalage: 'TESSERA_RNG',
        gameType: 'RNG',
        displayName: 'Tessera Slots',
        classify: 'SLOT',
        isHot: true,
        status: 'active',
        defaultPlayType: null,
      });
      const acme = await list('vassalage=ACME_RNG&pageNo=1&pageSize=1', { language: 'bn' });
      expect(acme.body.value.content[0].gameName).toBe('Game 001');
    });

    it('filters by category and by class', async () => {
      const lottery = await list('gameType=LOTT&pageNo=1&pageSize=100');
      expect(lottery.body.value.content.map((game: { gameId: string }) => game.gameId)).toEqual(['TS_SEA_LOTTO', 'TS_VN_LOTTO']);
      const arcade = await list('vassalage=ACME_RNG&classify=ARCADE&pageNo=1&pageSize=100');
      expect(arcade.body.value.total).toBe(22);
      const rng = await list(`gameType=RNG&pageNo=1&pageSize=${HOUSE_RNG_GAMES + 1}`);
      expect(rng.body.value.total).toBe(45 + HOUSE_RNG_GAMES);
      expect(rng.body.value.content.map((game: { vassalage: string }) => game.vassalage)).toEqual([
        ...Array(HOUSE_RNG_GAMES).fill('TESSERA_RNG'),
        'ACME_RNG',
      ]);
    });

    it('searches names case-insensitively after trimming', async () => {
      const { body } = await list(`name=${encodeURIComponent('  game 04 ')}&pageNo=1&pageSize=100`);
      expect(body.value.content.map((game: { gameId: string }) => game.gameId)).toEqual([
        'AC040',
        'AC041',
        'AC042',
        'AC043',
        'AC044',
        'AC045',
      ]);
      const bengali = await list(`name=${encodeURIComponent('ক্লাসিক')}&pageNo=1&pageSize=10`);
      expect(bengali.body.value.content.map((game: { gameId: string }) => game.gameId)).toEqual(['TS_CLASSIC_SEVENS']);
      const blank = await list(`name=${encodeURIComponent('   ')}&vassalage=TESSERA_RNG&pageNo=1&pageSize=10`);
      expect(blank.body.value.total).toBe(HOUSE_RNG_GAMES);
    });

    it('treats % and _ in the search as literal characters', async () => {
      for (const wildcard of ['%', '_', 'Game_0', 'G%e', '\\']) {
        const { status, body } = await list(`name=${encodeURIComponent(wildcard)}&pageNo=1&pageSize=10`);
        expect(status).toBe(200);
        expect(body.value.total).toBe(0);
      }
      await reimport({
        format: 'tessera.catalogue/1',
        games: [
          {
            vassalage: 'ACME_RNG',
            gameId: 'AC100',
            names: { en: '100% Wild_Card' },
            classify: 'TABLE',
            icon: ICON,
            isHot: false,
            popularity: 0,
            sortOrder: 100,
          },
        ],
      });
      const percent = await list(`name=${encodeURIComponent('0% wild_')}&pageNo=1&pageSize=10`);
      expect(percent.body.value.content.map((game: { gameId: string }) => game.gameId)).toEqual(['AC100']);
    });

    it('refuses out-of-range paging and an over-long search with a 400 envelope naming the field', async () => {
      for (const [query, field, key] of [
        ['pageNo=0&pageSize=10', 'querystring/pageNo', 'validation.too_small'],
        ['pageNo=1&pageSize=0', 'querystring/pageSize', 'validation.too_small'],
        ['pageNo=1&pageSize=101', 'querystring/pageSize', 'validation.too_large'],
        ['pageNo=x&pageSize=10', 'querystring/pageNo', 'validation.type'],
        [`pageNo=1&pageSize=10&name=${'a'.repeat(51)}`, 'querystring/name', 'validation.too_long'],
        ['pageNo=1&pageSize=10&gameType=CASINO', 'querystring/gameType', 'validation.one_of'],
        ['pageNo=1&pageSize=10&vassalage=bad%20code', 'querystring/vassalage', 'validation.pattern'],
      ] as const) {
        const { status, body } = await list(query);
        expect(status, query).toBe(400);
        expect(body).toMatchObject({ success: false, code: 'request.invalid', message: 'errors.request_invalid' });
        expect(body.value.fields, query).toContainEqual(expect.objectContaining({ field, key }));
      }
    });

    it('answers an unknown vendor with an empty page, not an error', async () => {
      const { status, body } = await list('vassalage=NOBODY&pageNo=1&pageSize=10');
      expect(status).toBe(200);
      expect(body.value).toEqual({ content: [], pageNum: 1, pageSize: 10, totalPages: 0, total: 0 });
    });

    it('marks the games of a vendor in maintenance as under maintenance', async () => {
      await reimport({ format: 'tessera.catalogue/1', vendors: [{ ...demoVendor('TESSERA_RNG'), status: 'maintenance' }] });
      const { body } = await list('vassalage=TESSERA_RNG&pageNo=1&pageSize=10');
      expect(body.value.content.map((game: { status: string }) => game.status)).toEqual(
        Array(HOUSE_RNG_GAMES).fill('maintenance'),
      );
      await reimport({ format: 'tessera.catalogue/1', vendors: [{ ...demoVendor('TESSERA_RNG'), status: 'active' }] });
    });
  });

  describe('vendor classes, hot games, popular games and menus', () => {
    it("lists a vendor's classes with counts, and nothing for an unknown vendor", async () => {
      const { body } = await get('/wps/relay/GCSGAME_getVassGameType?vassalage=ACME_RNG', { language: 'bn' });
      expect(body.value.list).toEqual([
        { key: 'TABLE', displayName: 'টেবিল গেম', gameCount: 24 },
        { key: 'ARCADE', displayName: 'Arcade', gameCount: 22 },
      ]);
      expect((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=NOBODY')).body.value).toEqual({ list: [] });
      expect((await get('/wps/relay/GCSGAME_getVassGameType')).status).toBe(400);
    });

    it('lists hot games, optionally of one vendor', async () => {
      const query = `merchantCode=${DEMO_MERCHANT}&isPlatform=2&platform=${encodeURIComponent('flash,html5-desktop')}&language=en`;
      const all = await get(`/wps/relay/GCSGAME_hotGamesV2?${query}`);
      expect(all.body.value.list.map((game: { gameId: string }) => game.gameId)).toEqual([
        'TS_ELOTT_1M',
        'TS_SEA_LOTTO',
        'TS_LOTUS_FORTUNE',
        'TS_CLASSIC_SEVENS',
        'TS_BENGAL_TIGER',
      ]);
      const one = await get(`/wps/relay/GCSGAME_hotGamesV2?${query}&vassalage=TESSERA_RNG`);
      expect(one.body.value.list.map((game: { gameName: string }) => game.gameName)).toEqual([
        'Lotus Fortune',
        'Classic Sevens',
        'Bengal Tiger',
      ]);
      expect((await get(`/wps/relay/GCSGAME_hotGamesV2?vassalage=NOBODY`)).body.value).toEqual({ list: [] });
    });

    it('lists popular lottery games by popularity, narrowed by prize mode', async () => {
      const { body } = await get('/lgw/games/popular?count=20&device=web&language=en');
      expect(body.value.list.map((game: { gameId: string }) => game.gameId)).toEqual([
        'TS_ELOTT_1M',
        'TS_SEA_LOTTO',
        'TS_VN_LOTTO',
      ]);
      const sea = await get('/lgw/games/popular?prizeMode=SEA');
      expect(sea.body.value.list.map((game: { gameId: string }) => game.gameId)).toEqual(['TS_SEA_LOTTO', 'TS_VN_LOTTO']);
      const elott = await get('/lgw/games/popular?prizeMode=Elott&count=1');
      expect(elott.body.value.list.map((game: { gameType: string }) => game.gameType)).toEqual(['ELOTT']);
    });

    it('caps the popular count at 100 and defaults it to 20', async () => {
      await reimport({
        format: 'tessera.catalogue/1',
        games: Array.from({ length: 120 }, (_, index) => ({
          vassalage: 'TESSERA_LOTT',
          gameId: `LOAD_${index}`,
          names: { en: `Load ${index}` },
          classify: 'SEA_LOTTERY',
          icon: ICON,
          isHot: false,
          popularity: index,
          sortOrder: 1000 + index,
        })),
      });
      expect((await get('/lgw/games/popular')).body.value.list).toHaveLength(20);
      expect((await get('/lgw/games/popular?count=100')).body.value.list).toHaveLength(100);
      const over = await get('/lgw/games/popular?count=101');
      expect(over.status).toBe(400);
      expect(over.body.value.fields).toContainEqual(
        expect.objectContaining({ field: 'querystring/count', key: 'validation.too_large' }),
      );
      expect((await get('/lgw/games/popular?count=0')).status).toBe(400);
      expect((await get('/lgw/games/popular?prizeMode=MEGA')).status).toBe(400);
      await reimport({
        format: 'tessera.catalogue/1',
        games: Array.from({ length: 120 }, (_, index) => ({
          vassalage: 'TESSERA_LOTT',
          gameId: `LOAD_${index}`,
          names: { en: `Load ${index}` },
          classify: 'SEA_LOTTERY',
          icon: ICON,
          isHot: false,
          popularity: index,
          sortOrder: 1000 + index,
          status: 'retired',
        })),
      });
    });

    it('builds the menu of visible categories, listing the games of lottery vendors only', async () => {
      const { body } = await get('/lgw/games/game_menus?language=en');
      const menus = body.value.menus as {
        gameType: string;
        vendors: { vassalage: string; gameCount: number; games: unknown[] }[];
      }[];
      expect(menus.map((menu) => menu.gameType)).toEqual(['ELOTT', 'LOTT', 'RNG']);
      const lott = menus[1]!.vendors[0]!;
      expect(lott).toMatchObject({
        vassalage: 'TESSERA_LOTT',
        displayName: 'Tessera Lottery',
        accountTypeName: 'LOTT',
        gameCount: 2,
      });
      expect(lott.games).toEqual([
        expect.objectContaining({ gameId: 'TS_SEA_LOTTO', gameName: 'SEA 5D lottery', defaultPlayType: 'last2' }),
        expect.objectContaining({ gameId: 'TS_VN_LOTTO', gameName: 'Vietnam northern lottery', defaultPlayType: 'lo2' }),
      ]);
      expect(menus[2]!.vendors.map((vendor) => [vendor.vassalage, vendor.games.length])).toEqual([
        ['TESSERA_RNG', 0],
        ['ACME_RNG', 0],
      ]);
      const filtered = await get('/lgw/games/game_menus?gameType=RNG&vassalage=TESSERA_RNG&language=bn');
      expect(filtered.body.value.menus).toEqual([
        {
          gameType: 'RNG',
          vendors: [expect.objectContaining({ vassalage: 'TESSERA_RNG', gameCount: HOUSE_RNG_GAMES, games: [] })],
        },
      ]);
      expect((await get('/lgw/games/game_menus?vassalage=NOBODY')).body.value).toEqual({ menus: [] });
    });
  });
});

/** The demo file's vendor rows, by vassalage, so a test can change one field of one vendor. */
function demoVendor(vassalage: string) {
  const vendors: Record<string, object> = {
    TESSERA_ELOTT: {
      vassalage: 'TESSERA_ELOTT',
      displayName: 'Tessera E-Lottery',
      category: 'ELOTT',
      accountTypeName: 'ELOTT',
      sortOrder: 10,
      isHot: true,
      isGame: 'DIRECT',
      icon: '/media/catalogue/vendors/tessera-elott.a0c59f22.svg',
    },
    TESSERA_RNG: {
      vassalage: 'TESSERA_RNG',
      displayName: 'Tessera Slots',
      category: 'RNG',
      accountTypeName: 'TESSERA',
      sortOrder: 10,
      isHot: true,
      isGame: 'VASSALAGE',
      icon: '/media/catalogue/vendors/tessera-rng.596ef262.svg',
    },
    ACME_RNG: {
      vassalage: 'ACME_RNG',
      displayName: 'Acme',
      category: 'RNG',
      accountTypeName: 'ACME',
      sortOrder: 20,
      isHot: false,
      isGame: 'VASSALAGE',
      icon: ICON,
    },
  };
  return vendors[vassalage]!;
}

import { FAVOURITES_MAX, RECENT_GAMES_MAX } from '@tessera/contract/api/favourites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { importCatalogue } from '../catalogue/import.js';
import { asMember, sessionFor } from '../responsible-gaming/test/kit.js';
import { recordRecentGame } from './service.js';

const IDS = '/wps/relay/MCSFE_getFavoriteGames';
const LIST = '/wps/relay/MCSFE_getFavoriteGamesList';
const ADD = '/wps/relay/MCSFE_addFavoriteGameV2';
const REMOVE = '/wps/relay/MCSFE_removeFavoriteGameV2';
const RECENT = '/wps/relay/GCS_recentGame';

/** A vendor with `count` games (codes BULK_0…), for the limit and trimming tests. */
const bulkCatalogue = (vassalage: string, count: number) => ({
  format: 'tessera.catalogue/1',
  classifies: [{ key: 'SLOT', names: { en: 'Slots' }, sortOrder: 10 }],
  vendors: [
    {
      vassalage,
      displayName: 'Bulk',
      category: 'RNG',
      accountTypeName: 'BULK',
      sortOrder: 90,
      isHot: false,
      isGame: 'VASSALAGE',
      icon: '/media/catalogue/vendors/bulk.svg',
    },
  ],
  games: Array.from({ length: count }, (_, i) => ({
    vassalage,
    gameId: `BULK_${i}`,
    names: { en: `Bulk ${i}`, bn: `বাল্ক ${i}` },
    classify: 'SLOT',
    icon: '/media/catalogue/games/bulk.svg',
    isHot: false,
    popularity: 0,
    sortOrder: i,
  })),
});

describe('favourite and recent games', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  /** nodeId by game code, from the lobby's own game list. */
  const nodeIds = new Map<string, number>();
  /** Two slot games and a lottery game of the demo catalogue (with their vendors), whatever their codes. */
  let slotA: { gameId: string; vassalage: string; gameName: string };
  let slotB: typeof slotA;
  let lotto: typeof slotA;

  beforeAll(async () => {
    t = await createTestApp();
    const page = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?pageSize=100&language=en' });
    const games = page.json().value.content as (typeof slotA & { nodeId: number; gameType: string })[];
    for (const game of games) nodeIds.set(game.gameId, game.nodeId);
    const slots = games.filter((game) => game.gameType === 'RNG');
    slotA = slots[0]!;
    slotB = slots[1]!;
    lotto = games.find((game) => game.gameType === 'LOTT')!;
    await importCatalogue(t.db.kysely, DEMO_MERCHANT, bulkCatalogue('BULK_RNG', FAVOURITES_MAX + 1));
  });
  afterAll(() => t.close());

  const node = (code: string) => nodeIds.get(code)!;
  async function player() {
    const member = await newMember(t.db.kysely);
    const call = asMember(t.app, await sessionFor(t.db.kysely, member));
    return {
      member,
      call,
      add: (nodeId: unknown, extra: object = {}) => call('POST', ADD, { nodeId, ...extra }),
      remove: (nodeId: unknown) => call('DELETE', `${REMOVE}?nodeId=${nodeId}`),
      ids: async () => (await call('GET', IDS)).json().value.list as string[],
    };
  }

  it('adds, lists as lobby cards newest first, and removes a favourite', async () => {
    const me = await player();
    expect((await me.add(node(slotA.gameId))).json()).toMatchObject({ success: true });
    const added = await me.add(node(lotto.gameId));
    expect(added.json().value.list).toEqual([String(node(lotto.gameId)), String(node(slotA.gameId))]);

    const list = (await me.call('GET', `${LIST}?pageNo=1&pageSize=1&language=bn`)).json().value;
    expect(list).toMatchObject({ pageNum: 1, pageSize: 1, totalPages: 2, total: 2 });
    expect(list.content).toHaveLength(1);
    expect(list.content[0]).toMatchObject({ nodeId: node(lotto.gameId), gameId: lotto.gameId, vassalage: lotto.vassalage });
    const second = (await me.call('GET', `${LIST}?pageNo=2&pageSize=1&language=bn`)).json().value;
    expect(second.content[0]).toMatchObject({ gameId: slotA.gameId, gameName: expect.stringMatching(/[\u0980-\u09FF]/) });

    const removed = await me.remove(node(lotto.gameId));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().value.list).toEqual([String(node(slotA.gameId))]);
    expect(await me.ids()).toEqual([String(node(slotA.gameId))]);
  });

  it('treats a repeated add and a repeated remove as done once', async () => {
    const me = await player();
    const [first, second] = await Promise.all([me.add(node(slotB.gameId)), me.add(node(slotB.gameId))]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await me.ids()).toEqual([String(node(slotB.gameId))]);
    expect((await me.remove(node(slotB.gameId))).statusCode).toBe(200);
    const again = await me.remove(node(slotB.gameId));
    expect(again.statusCode).toBe(200);
    expect(again.json().value.list).toEqual([]);
  });

  it('keeps each member to their own favourites: another member neither sees nor removes them', async () => {
    const me = await player();
    const other = await player();
    await me.add(node(slotA.gameId));
    expect(await other.ids()).toEqual([]);
    expect((await other.call('GET', LIST)).json().value).toMatchObject({ content: [], total: 0, totalPages: 0 });
    await other.remove(node(slotA.gameId));
    expect(await me.ids()).toEqual([String(node(slotA.gameId))]);
  });

  it('refuses unknown games, games of another merchant, a vendor that does not match, and bad ids', async () => {
    await t.db.kysely.insertInto('merchants').values({ code: 'fav_other', name: 'Other site' }).execute();
    await importCatalogue(t.db.kysely, 'fav_other', bulkCatalogue('OTHER_RNG', 1));
    const foreign = await t.db.kysely
      .selectFrom('catalogue_games')
      .select('id')
      .where('merchant_code', '=', 'fav_other')
      .executeTakeFirstOrThrow();
    const me = await player();

    for (const nodeId of [999_999_999, Number(foreign.id)]) {
      const response = await me.add(nodeId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'game.not.found', message: 'errors.game_not_found' });
    }
    expect((await me.add(node(slotA.gameId), { vendor: lotto.vassalage })).statusCode).toBe(404);
    expect((await me.add(node(slotA.gameId), { vendor: slotA.vassalage, gameType: 'RNG' })).statusCode).toBe(200);

    for (const bad of ['abc', 0, -3, 1.5, null]) {
      const response = await me.add(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'request.invalid' });
    }
    expect((await me.call('POST', ADD, {})).statusCode).toBe(400);
    expect((await me.remove('x1')).statusCode).toBe(400);
    expect((await me.call('DELETE', REMOVE)).statusCode).toBe(400);
    expect((await me.call('GET', `${LIST}?pageSize=0`)).statusCode).toBe(400);
  });

  it('asks for a session on every call', async () => {
    for (const [method, url] of [
      ['GET', IDS],
      ['GET', LIST],
      ['POST', ADD],
      ['DELETE', `${REMOVE}?nodeId=1`],
      ['GET', RECENT],
    ] as const) {
      const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { nodeId: 1 } } : {}) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('login.not.session');
    }
  });

  it(`refuses favourite number ${FAVOURITES_MAX + 1} but still accepts a repeat; retired games leave the lists`, async () => {
    const games = await t.db.kysely
      .selectFrom('catalogue_games')
      .select(['id', 'game_code'])
      .where('merchant_code', '=', DEMO_MERCHANT)
      .where('game_code', 'like', 'BULK_%')
      .orderBy('id')
      .execute();
    const me = await player();
    await t.db.kysely
      .insertInto('member_favourite_games')
      .values(
        games
          .slice(0, FAVOURITES_MAX)
          .map((game) => ({ member_id: me.member.id, game_id: game.id, merchant_code: DEMO_MERCHANT })),
      )
      .execute();
    const refused = await me.add(Number(games[FAVOURITES_MAX]!.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'favourite.limit',
      message: 'errors.favourite_limit',
      value: { fields: [{ params: { max: FAVOURITES_MAX } }] },
    });
    expect((await me.add(Number(games[0]!.id))).statusCode).toBe(200);

    // A retired game is neither listed nor counted, so the place it held is free again.
    await importCatalogue(t.db.kysely, DEMO_MERCHANT, {
      format: 'tessera.catalogue/1',
      games: [{ ...bulkCatalogue('BULK_RNG', 1).games[0], status: 'retired' }],
    });
    expect(await me.ids()).toHaveLength(FAVOURITES_MAX - 1);
    expect((await me.add(Number(games[FAVOURITES_MAX]!.id))).statusCode).toBe(200);
    expect((await me.call('GET', `${LIST}?pageSize=100&pageNo=3`)).json().value).toMatchObject({
      total: FAVOURITES_MAX,
      totalPages: 2,
      content: [],
    });
  });

  describe('recent games', () => {
    const launch = (memberId: bigint, gameId: string, vassalage: string) =>
      recordRecentGame(t.db.kysely, { merchant: DEMO_MERCHANT, memberId, vassalage, gameId });

    it('lists launched games latest first, moving a relaunched game to the front, for that member only', async () => {
      const me = await player();
      const other = await player();
      await launch(me.member.id, slotA.gameId, slotA.vassalage);
      await launch(me.member.id, lotto.gameId, lotto.vassalage);
      await launch(me.member.id, slotB.gameId, slotB.vassalage);
      await launch(me.member.id, slotA.gameId, slotA.vassalage);
      await launch(me.member.id, 'NO_SUCH_GAME', slotA.vassalage);
      await launch(me.member.id, lotto.gameId, slotA.vassalage);
      const recent = (await me.call('GET', `${RECENT}?language=en`)).json().value.list;
      expect(recent.map((game: { gameId: string }) => game.gameId)).toEqual([slotA.gameId, slotB.gameId, lotto.gameId]);
      expect(recent[0]).toMatchObject({
        gameName: slotA.gameName,
        nodeId: node(slotA.gameId),
        iconUrl: expect.stringMatching(/^\//),
      });
      expect((await other.call('GET', RECENT)).json().value.list).toEqual([]);
    });

    it('records a game the member launches through the launch call', async () => {
      const me = await player();
      const launched = await me.call('POST', '/wps/game/launchGame', {
        gameId: slotA.gameId,
        vassalage: slotA.vassalage,
        launchMode: 'GLS',
      });
      expect(launched.json()).toMatchObject({ success: true, value: { content: { game_url: expect.any(String) } } });
      const recent = (await me.call('GET', RECENT)).json().value.list as { gameId: string }[];
      expect(recent.map((game) => game.gameId)).toEqual([slotA.gameId]);
    });

    it(`keeps only the latest ${RECENT_GAMES_MAX}`, async () => {
      const me = await player();
      for (let i = 0; i < RECENT_GAMES_MAX + 3; i += 1) await launch(me.member.id, `BULK_${i + 1}`, 'BULK_RNG');
      const recent = (await me.call('GET', RECENT)).json().value.list as { gameId: string }[];
      expect(recent).toHaveLength(RECENT_GAMES_MAX);
      expect(recent[0]!.gameId).toBe(`BULK_${RECENT_GAMES_MAX + 3}`);
      expect(recent.at(-1)!.gameId).toBe('BULK_4');
      const stored = await t.db.kysely
        .selectFrom('member_recent_games')
        .select('game_id')
        .where('member_id', '=', me.member.id)
        .execute();
      expect(stored).toHaveLength(RECENT_GAMES_MAX);
    });
  });
});

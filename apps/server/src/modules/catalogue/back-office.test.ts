import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { buildApp } from '../../app.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import { createTestApp } from '../../test/test-app.js';
import { fundedMember, openGame, spinBody } from '../house-vendor/test/kit.js';
import { enrolledStaff, post } from '../staff/test/kit.js';
import { DEMO_CATALOGUE_FILE } from './seed.js';

const LOTUS = 'TS_LOTUS_FORTUNE';
/** The house's games of the demo catalogue, in the player site's order: the figures below follow the file. */
const HOUSE_GAMES = (
  JSON.parse(fs.readFileSync(DEMO_CATALOGUE_FILE, 'utf8')).games as {
    vassalage: string;
    gameId: string;
    names: { en: string };
    sortOrder: number;
  }[]
)
  .filter((game) => game.vassalage === 'TESSERA_RNG')
  .sort((a, b) => a.sortOrder - b.sortOrder);
const HOUSE_NAMES = HOUSE_GAMES.map((game) => game.names.en).sort((a, b) => a.localeCompare(b));
const RNG = 'TESSERA_RNG';
/** A change reaches the other instance's caches at its commit (NOTIFY); the poll only absorbs scheduling. */
const WITHIN = { timeout: 2000, interval: 20 };
const PLAYER_QUERY = `merchantCode=${DEMO_MERCHANT}&isPlatform=2&platform=${encodeURIComponent('flash,html5-desktop')}&language=en`;

/**
 * The games screen's catalogue calls, on one instance, seen by players on another: what staff switch off, put in
 * maintenance, reorder or mark hot is what the player site answers at its next request.
 */
describe('games in the back office', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), db: await t.db.reopen() });
    owner = (await enrolledStaff(t.app, t.services, 'boss', 'owner')).token;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const get = async (url: string, token = owner) => {
    const response = await t.app.inject({ url, headers: { authorization: token } });
    return { status: response.statusCode, body: response.json() };
  };
  const playerGames = async () => {
    const response = await other.inject({ url: `/wps/relay/GCSGAME_gameList?vassalage=${RNG}&pageNo=1&pageSize=50` });
    return (response.json().value.content as { gameId: string }[]).map((game) => game.gameId);
  };
  const playerHotGames = async () => {
    const response = await other.inject({ url: `/wps/relay/GCSGAME_hotGamesV2?${PLAYER_QUERY}&vassalage=${RNG}` });
    return (response.json().value.list as { gameId: string }[]).map((game) => game.gameId);
  };
  const updateGame = (change: Record<string, unknown>) =>
    post(t.app, '/bo/api/games/update', { vassalage: RNG, gameCode: LOTUS, ...change }, owner);

  it('lists vendors and games of every status, filtered, sorted and paged on the server, and exports them', async () => {
    const vendors = await get('/bo/api/games/vendors?sort=name&order=desc');
    expect(vendors.status).toBe(200);
    const names = (vendors.body.value.items as { displayName: string }[]).map((vendor) => vendor.displayName);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    expect(vendors.body.value.items).toContainEqual(
      expect.objectContaining({ vassalage: RNG, status: 'active', games: HOUSE_GAMES.length }),
    );
    const lotteries = await get('/bo/api/games/vendors?category=ELOTT');
    expect((lotteries.body.value.items as { category: string }[]).every((vendor) => vendor.category === 'ELOTT')).toBe(true);

    const games = await get(`/bo/api/games?vassalage=${RNG}&sort=name&order=asc&pageSize=25`);
    expect(games.body.value).toMatchObject({ total: HOUSE_GAMES.length });
    expect((games.body.value.items as { name: string }[]).map((game) => game.name)).toEqual(HOUSE_NAMES);
    const searched = await get('/bo/api/games?search=lotus');
    expect((searched.body.value.items as { gameCode: string }[]).map((game) => game.gameCode)).toEqual([LOTUS]);
    const firstPage = await get('/bo/api/games?pageSize=25&page=1');
    const total = firstPage.body.value.total as number;
    expect(total).toBeGreaterThan(2);
    expect((await get('/bo/api/games?pageSize=25&page=2')).body.value.items.length).toBe(Math.max(0, Math.min(25, total - 25)));

    const csv = await get(`/bo/api/games/export?vassalage=${RNG}&sort=name`);
    const lines = (csv.body.value.csv as string).trim().split('\n');
    expect(lines[0]).toBe('vendor,game,name,category,status,vendor_status,order,hot,popularity,updated');
    expect(lines[1 + HOUSE_NAMES.indexOf('Lotus Fortune')]).toMatch(
      /^TESSERA_RNG,TS_LOTUS_FORTUNE,Lotus Fortune,RNG,active,active,/,
    );
    const vendorCsv = await get('/bo/api/games/vendors/export?category=RNG');
    expect(vendorCsv.body.value.csv).toContain('TESSERA_RNG,');
    expect((await get('/bo/api/games?status=gone')).status).toBe(400);
  });

  it('switches a game off and on: gone from the other instance at once, bets refused there, audited with before and after', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { gameSession } = await openGame(t.app, member, LOTUS);
    const spin = async () => {
      const reply = await other.inject({
        method: 'POST',
        url: '/wps/house-games/slots/spin',
        headers: { 'x-game-session': gameSession },
        payload: spinBody(LOTUS, '200'),
      });
      return reply.statusCode === 200 ? 'spun' : (reply.json() as { code: string }).code;
    };
    expect(await spin()).toBe('spun');
    expect(await playerGames()).toContain(LOTUS);

    const off = await updateGame({ status: 'retired' });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ gameCode: LOTUS, status: 'retired' });
    expect(await playerGames()).not.toContain(LOTUS);
    await expect.poll(spin, WITHIN).not.toBe('spun');

    const maintenance = await updateGame({ status: 'maintenance' });
    expect(maintenance.body.value.status).toBe('maintenance');
    await expect.poll(spin, WITHIN).toBe('game.maintenance');

    expect((await updateGame({ status: 'active' })).status).toBe(200);
    await expect.poll(spin, WITHIN).toBe('spun');
    expect(await playerGames()).toContain(LOTUS);

    const audit = await get(`/bo/api/audit?action=catalogue.game&target=${RNG}/${LOTUS}`);
    const entries = audit.body.value.entries as { before: unknown; after: unknown; actor: string }[];
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { status: 'maintenance', sortOrder: expect.any(Number), hot: true },
        { status: 'active', sortOrder: expect.any(Number), hot: true },
      ],
      [
        { status: 'retired', sortOrder: expect.any(Number), hot: true },
        { status: 'maintenance', sortOrder: expect.any(Number), hot: true },
      ],
      [
        { status: 'active', sortOrder: expect.any(Number), hot: true },
        { status: 'retired', sortOrder: expect.any(Number), hot: true },
      ],
    ]);
    expect(entries.every((entry) => entry.actor === 'boss')).toBe(true);
    expect((await runAdmin(['audit', 'verify'], t.services)).exitCode).toBe(0);
  });

  it('moves a game in the order and off the hot list, and a vendor into maintenance, as the player site shows them', async () => {
    const before = await playerGames();
    const ids = HOUSE_GAMES.map((game) => game.gameId);
    expect(before).toEqual(ids);
    expect((await updateGame({ sortOrder: 999 })).body.value.sortOrder).toBe(999);
    expect(await playerGames()).toEqual([...ids.filter((id) => id !== LOTUS), LOTUS]);

    expect(await playerHotGames()).toContain(LOTUS);
    expect((await updateGame({ hot: false })).body.value.hot).toBe(false);
    expect(await playerHotGames()).not.toContain(LOTUS);
    expect((await get('/bo/api/games?hot=false')).body.value.items).toContainEqual(expect.objectContaining({ gameCode: LOTUS }));

    const vendor = await post(t.app, '/bo/api/games/vendors/update', { vassalage: RNG, status: 'maintenance', hot: true }, owner);
    expect(vendor.body.value).toMatchObject({ vassalage: RNG, status: 'maintenance', hot: true });
    // Its games say so on the player site; its category, with no other vendor, leaves the navigation.
    const list = await other.inject({ url: `/wps/relay/GCSGAME_gameList?vassalage=${RNG}&pageNo=1&pageSize=50` });
    expect((list.json().value.content as { status: string }[]).map((game) => game.status)).toEqual(
      HOUSE_GAMES.map(() => 'maintenance'),
    );
    const lanes = await other.inject({ url: '/wps/relay/GCSGAME_gameVendor?platform=html5-desktop' });
    expect((lanes.json().value.data.lanes as { title: string }[]).map((lane) => lane.title)).not.toContain('RNG');
    await post(t.app, '/bo/api/games/vendors/update', { vassalage: RNG, status: 'active' }, owner);
  });

  it('refuses a change that changes nothing, an unknown vendor or game, and bad input, leaving no audit entry', async () => {
    const entries = async () => (await get('/bo/api/audit?action=catalogue.')).body.value.total as number;
    const count = await entries();
    const same = await updateGame({ sortOrder: 999 });
    expect([same.status, same.body.code]).toEqual([409, 'catalogue.unchanged']);
    const nothing = await updateGame({});
    expect([nothing.status, nothing.body.code]).toEqual([409, 'catalogue.unchanged']);
    const unknownGame = await post(t.app, '/bo/api/games/update', { vassalage: RNG, gameCode: 'NOPE', status: 'active' }, owner);
    expect([unknownGame.status, unknownGame.body.code]).toEqual([404, 'catalogue.target.unknown']);
    const unknownVendor = await post(t.app, '/bo/api/games/vendors/update', { vassalage: 'NOBODY', hot: true }, owner);
    expect([unknownVendor.status, unknownVendor.body.code]).toEqual([404, 'catalogue.target.unknown']);
    const bad = await updateGame({ status: 'off', sortOrder: -1 });
    expect(bad.status).toBe(400);
    expect(await entries()).toBe(count);
  });
});

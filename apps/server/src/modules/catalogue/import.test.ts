import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { CatalogueImportRejected, importCatalogue } from './import.js';
import { DEMO_CATALOGUE_FILE } from './seed.js';

const demoFile = () => JSON.parse(fs.readFileSync(DEMO_CATALOGUE_FILE, 'utf8'));
const unchanged = (count: number) => ({ created: 0, updated: 0, unchanged: count });
const DEMO_GAMES: number = demoFile().games.length;
const DEMO_CLASSIFIES: number = demoFile().classifies.length;

describe('catalogue import', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const importFile = (file: unknown) => importCatalogue(t.db.kysely, DEMO_MERCHANT, file);
  const rejection = async (file: unknown) => {
    const error = await importFile(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CatalogueImportRejected);
    return (error as CatalogueImportRejected).problems;
  };
  const lotusGame = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/wps/relay/GCSGAME_gameList?name=lotus&pageNo=1&pageSize=5',
        headers: { language: 'en' },
      })
    ).json().value.content[0];

  it('reports everything unchanged when the seeded demo file is imported again', async () => {
    expect(await importFile(demoFile())).toEqual({
      categories: unchanged(8),
      classifies: unchanged(DEMO_CLASSIFIES),
      vendors: unchanged(3),
      games: unchanged(DEMO_GAMES),
    });
  });

  it('updates changed rows by natural key, keeps their node ids, and is idempotent afterwards', async () => {
    const before = await lotusGame();
    const file = demoFile();
    file.games[0].names = { en: 'Lotus Fortune Deluxe', bn: 'লোটাস ফরচুন ডিলাক্স' };
    file.games.push({ ...file.games[0], gameId: 'TS_LOTUS_FORTUNE_2', names: { en: 'Lotus Fortune II' }, sortOrder: 15 });
    file.vendors[2].displayName = 'Tessera Reels';
    expect(await importFile(file)).toEqual({
      categories: unchanged(8),
      classifies: unchanged(DEMO_CLASSIFIES),
      vendors: { created: 0, updated: 1, unchanged: 2 },
      games: { created: 1, updated: 1, unchanged: DEMO_GAMES - 1 },
    });
    const after = await lotusGame();
    expect(after).toMatchObject({ nodeId: before.nodeId, gameName: 'Lotus Fortune Deluxe', displayName: 'Tessera Reels' });
    expect((await importFile(file)).games).toEqual(unchanged(DEMO_GAMES + 1));
    // Names compare by content: the same names written in another key order are not a change.
    file.games[0].names = { bn: 'লোটাস ফরচুন ডিলাক্স', en: 'Lotus Fortune Deluxe' };
    expect((await importFile(file)).games).toEqual(unchanged(DEMO_GAMES + 1));
    expect((await importFile(demoFile())).games).toEqual({ created: 0, updated: 1, unchanged: DEMO_GAMES - 1 });
  });

  it('keeps a status set by the operator when the file leaves status out', async () => {
    await importFile({ format: 'tessera.catalogue/1', vendors: [{ ...demoFile().vendors[0], status: 'maintenance' }] });
    expect((await importFile(demoFile())).vendors).toEqual(unchanged(3));
    const lanes = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameVendor' });
    expect(lanes.json().value.data.lanes.map((lane: { title: string }) => lane.title)).toEqual(['LOTT', 'RNG']);
    await importFile({ format: 'tessera.catalogue/1', vendors: [{ ...demoFile().vendors[0], status: 'active' }] });
  });

  it('creates a category a vendor needs with its default order', async () => {
    const acmeLive = {
      vassalage: 'ACME_LIVE',
      displayName: 'Acme Live',
      category: 'LIVE',
      accountTypeName: 'ACME',
      sortOrder: 1,
      isHot: false,
      isGame: 'DIRECT',
      icon: '/media/catalogue/default.dc40b7c1.svg',
    };
    const summary = await importFile({ format: 'tessera.catalogue/1', vendors: [acmeLive] });
    expect(summary).toMatchObject({ categories: unchanged(0), vendors: { created: 1, updated: 0, unchanged: 0 } });
    const lanes = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameVendor' });
    expect(lanes.json().value.data.lanes.map((lane: { title: string }) => lane.title)).toEqual(['ELOTT', 'LOTT', 'LIVE', 'RNG']);
    await importFile({ format: 'tessera.catalogue/1', vendors: [{ ...acmeLive, status: 'retired' }] });
  });

  it('rejects a malformed file, naming the JSON path of every problem, and changes nothing', async () => {
    const file = demoFile();
    file.games[0].names = { bn: 'শুধু বাংলা' };
    file.games[1].icon = 'https://evil.example/x.svg';
    file.vendors[1].category = 'CASINO';
    file.games[2].popularity = -1;
    file.extra = true;
    expect(await rejection(file)).toEqual([
      '/extra: unknown field',
      '/vendors/1/category: must be equal to one of the allowed values',
      '/games/0/names: must have required properties en',
      '/games/1/icon: must match pattern "^/[A-Za-z0-9_\\-./]{1,250}\\.(svg|png|webp|jpg|jpeg)$"',
      '/games/2/popularity: must be >= 0',
    ]);
    expect((await importFile(demoFile())).games).toEqual(unchanged(DEMO_GAMES));
  });

  it('rejects duplicate keys and dangling references without writing the valid rows before them', async () => {
    const file = demoFile();
    file.vendors[0].displayName = 'Should Not Be Written';
    file.vendors.push({ ...file.vendors[2] });
    expect(await rejection(file)).toEqual(['/vendors/3/vassalage: duplicate TESSERA_RNG (first at /vendors/2)']);

    const dangling = demoFile();
    dangling.vendors[0].displayName = 'Should Not Be Written';
    dangling.games.push({ ...dangling.games[0], gameId: 'X1', vassalage: 'NOBODY' });
    dangling.games.push({ ...dangling.games[0], gameId: 'X2', classify: 'NOPE' });
    expect(await rejection(dangling)).toEqual([
      `/games/${DEMO_GAMES}/vassalage: unknown vendor NOBODY (not in the file or the catalogue)`,
      `/games/${DEMO_GAMES + 1}/classify: unknown class NOPE (not in the file or the catalogue)`,
    ]);
    const lanes = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameVendor' });
    expect(lanes.json().value.data.lanes[0].cards[0].displayName).toBe('Tessera E-Lottery');
  });

  it('rejects a file that is not a catalogue at all', async () => {
    expect(await rejection([])).toEqual([expect.stringMatching(/^\/: /)]);
    expect((await rejection({ format: 'tessera.catalogue/2' }))[0]).toMatch(/^\/format: /);
  });
});

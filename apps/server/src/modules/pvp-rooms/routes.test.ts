import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { importCatalogue } from '../catalogue/import.js';
import { fundedMember } from '../house-vendor/test/kit.js';
import { insertMerchant } from '../site-settings/repo.js';

const ROOMS = '/wps/relay/GLS2_roomList';
const PVP_MERCHANT = 'pvpco';
const ICON = '/media/catalogue/default.dc40b7c1.svg';

/** A merchant with a PVP card-game vendor (three rooms, one retired) next to a slots vendor. */
const catalogue = {
  format: 'tessera.catalogue/1',
  classifies: [{ key: 'CARD', names: { en: 'Card games', bn: 'কার্ড গেম' }, sortOrder: 10 }],
  vendors: [
    {
      vassalage: 'ACE_PVP',
      displayName: 'Ace Cards',
      category: 'PVP',
      accountTypeName: 'ACE',
      sortOrder: 1,
      isHot: true,
      isGame: 'VASSALAGE',
      icon: ICON,
    },
    {
      vassalage: 'ACME_RNG',
      displayName: 'Acme',
      category: 'RNG',
      accountTypeName: 'ACME',
      sortOrder: 2,
      isHot: false,
      isGame: 'VASSALAGE',
      icon: ICON,
    },
  ],
  games: [
    {
      vassalage: 'ACE_PVP',
      gameId: 'TEEN_PATTI_100',
      names: { en: 'Teen Patti 100', bn: 'তিন পাত্তি ১০০' },
      classify: 'CARD',
      icon: ICON,
      isHot: true,
      popularity: 9,
      sortOrder: 1,
    },
    {
      vassalage: 'ACE_PVP',
      gameId: 'RUMMY_500',
      names: { en: 'Rummy 500' },
      classify: 'CARD',
      icon: ICON,
      isHot: false,
      popularity: 5,
      sortOrder: 2,
    },
    {
      vassalage: 'ACE_PVP',
      gameId: 'OLD_TABLE',
      names: { en: 'Old table' },
      classify: 'CARD',
      icon: ICON,
      isHot: false,
      popularity: 1,
      sortOrder: 3,
      status: 'retired',
    },
    {
      vassalage: 'ACME_RNG',
      gameId: 'AC001',
      names: { en: 'Game 001' },
      classify: 'CARD',
      icon: ICON,
      isHot: false,
      popularity: 1,
      sortOrder: 1,
    },
  ],
};

describe('PVP rooms (GLS2_roomList)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertMerchant(t.db.kysely, PVP_MERCHANT, 'PVP Co');
    await importCatalogue(t.db.kysely, PVP_MERCHANT, catalogue);
  });
  afterAll(() => t.close());

  it("lists a PVP vendor's active games as rooms, in catalogue order and the asked language, to a visitor", async () => {
    const { status, body } = await get(`${ROOMS}?language=bn`, { merchant: PVP_MERCHANT });
    expect(status).toBe(200);
    expect(body.value.content.map((room: { roomId: string }) => room.roomId)).toEqual(['TEEN_PATTI_100', 'RUMMY_500']);
    expect(body.value.content[0]).toMatchObject({
      roomName: 'তিন পাত্তি ১০০',
      vassalage: 'ACE_PVP',
      gameType: 'PVP',
      status: 'active',
    });
    expect(body.value.content[1]).toMatchObject({ roomName: 'Rummy 500' });
    const lanes = (await get('/wps/relay/GCSGAME_gameVendor', { merchant: PVP_MERCHANT })).body.value.data.lanes;
    expect(lanes.map((lane: { title: string }) => lane.title)).toContain('PVP');
  });

  it('filters by vendor; a vendor of another category has no rooms', async () => {
    expect((await get(`${ROOMS}?vassalage=ACE_PVP`, { merchant: PVP_MERCHANT })).body.value.content).toHaveLength(2);
    expect((await get(`${ROOMS}?vassalage=ACME_RNG`, { merchant: PVP_MERCHANT })).body.value.content).toEqual([]);
  });

  it('answers no rooms and shows no PVP category where no PVP vendor is configured (the demo)', async () => {
    expect((await get(ROOMS)).body).toMatchObject({ success: true, value: { content: [] } });
    const lanes = (await get('/wps/relay/GCSGAME_gameVendor')).body.value.data.lanes;
    expect(lanes.map((lane: { title: string }) => lane.title)).not.toContain('PVP');
  });

  it('launches a room by roomId through the vendor interface', async () => {
    const member = await fundedMember(t.db.kysely, 0n, { merchantCode: PVP_MERCHANT });
    const launch = (roomId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        headers: { authorization: member.token, merchant: PVP_MERCHANT },
        payload: { roomId, vassalage: 'ACE_PVP', launchMode: 'GLS', platform: 'html5-desktop' },
      });
    // The room is found; this server has no ACE_PVP adapter module, so its vendor is unavailable (not a crash).
    expect((await launch('TEEN_PATTI_100')).json().code).toBe('game.vendor.unavailable');
    expect((await launch('OLD_TABLE')).json().code).toBe('game.not.found');
    expect((await launch('NOPE')).json().code).toBe('game.not.found');
  });

  it('refuses a malformed vendor code with a 400 envelope', async () => {
    const { status, body } = await get(`${ROOMS}?vassalage=bad%20code`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'request.invalid' });
  });
});

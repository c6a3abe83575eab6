import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { fundedMember, openGame, spinBody } from '../house-vendor/test/kit.js';
import { insertMerchant } from '../site-settings/repo.js';

const RANKS = '/wps/relay/GCSGAME_getRankList';
const LOTUS = 'TS_LOTUS_FORTUNE';
const SPINS = 15;
const HOUR_MS = 3600_000;

interface Vo {
  account: string;
  gameCode: string;
  gameName: string;
  gameCategory: string | null;
  vassalage: string;
  winAmount: string;
  winTime: number;
}

describe('winners board (GCSGAME_getRankList)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  /** Every win the players saw in their spin answers, as the board should show it. */
  const houseWins: { account: string; win: bigint }[] = [];
  const players: TestMember[] = [];
  let vendorPlayer: TestMember;
  let lotteryPlayer: TestMember;

  const board = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `${RANKS}?${query}`, headers });
    return {
      status: res.statusCode,
      body: res.json(),
      list: (res.json().value?.list ?? []).map((w: { vo: Vo }) => w.vo) as Vo[],
    };
  };

  const vendorCredit = (member: TestMember, vendor: string, amount: bigint, round: string, hoursAgo = 0, state = 'applied') =>
    sql`INSERT INTO game_vendor_transactions (merchant_code, vendor, tx_id, member_id, operation, amount, round_id, game_code, state, created_at)
      VALUES (${member.merchantCode}, ${vendor}, ${randomUUID()}, ${member.id}, 'credit', ${amount}, ${round}, 'EV_BACCARAT', ${state},
        now() - ${hoursAgo} * interval '1 hour')`.execute(t.db.kysely);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db.kysely;
    // Real house slot rounds, played through the API: the board must show exactly the wins they answered.
    for (let p = 0; p < 2; p++) {
      const player = await fundedMember(db, 1_000_000n);
      players.push(player);
      const { gameSession } = await openGame(t.app, player, LOTUS);
      for (let i = 0; i < SPINS; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/wps/house-games/slots/spin',
          headers: { 'x-game-session': gameSession },
          payload: spinBody(LOTUS, '2000'),
        });
        const round = res.json().value.round;
        if (BigInt(round.win) > 0n) houseWins.push({ account: player.account, win: BigInt(round.win) });
      }
    }
    // A trial account plays with play money: its wins are not real and never shown.
    const trial = await fundedMember(db, 0n, { agentType: 4 });
    const trialGame = await openGame(t.app, trial, LOTUS);
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/wps/house-games/slots/spin',
        headers: { 'x-game-session': trialGame.gameSession },
        payload: spinBody(LOTUS, '200'),
      });
    }
    // A third-party vendor round paid in two credits (one summed win), one rolled-back credit, one old win.
    vendorPlayer = await newMember(db);
    await vendorCredit(vendorPlayer, 'EVO_LIVE', 900_000_000n, 'r1');
    await vendorCredit(vendorPlayer, 'EVO_LIVE', 100_000_000n, 'r1');
    await vendorCredit(vendorPlayer, 'EVO_LIVE', 5_000_000_000n, 'r2', 0, 'rolled_back');
    await vendorCredit(vendorPlayer, 'EVO_LIVE', 2_000_000_000n, 'r3', 72);
    // A settled winning lottery ticket.
    lotteryPlayer = await newMember(db);
    const draw = await sql<{ id: bigint }>`
      INSERT INTO lottery_draws (game_code, kind, numero, draw_at, close_at, server_seed, commitment, client_seed, status, settled_at)
      VALUES ('TS_SEA_LOTTO', 'SEA5D', ${`w-${randomUUID()}`}, now(), now(), 'x', 'y', 'z', 'settled', now()) RETURNING id`.execute(
      db,
    );
    const drawId = draw.rows[0]?.id as bigint;
    const slip = await sql<{ id: bigint }>`
      INSERT INTO lottery_slips (merchant_code, member_id, draw_id, game_code, client_slip_id, request_hash, total_stake, play_money, bet_transfer_id)
      VALUES (${DEMO_MERCHANT}, ${lotteryPlayer.id}, ${drawId}, 'TS_SEA_LOTTO', 's1', 'h', 1000, false, 1) RETURNING id`.execute(
      db,
    );
    await sql`
      WITH ticket AS (
        INSERT INTO lottery_tickets (slip_id, merchant_code, member_id, draw_id, game_code, bet, stake, odds100, play_money, status, payout, settled_at)
        VALUES (${slip.rows[0]?.id}, ${DEMO_MERCHANT}, ${lotteryPlayer.id}, ${drawId}, 'TS_SEA_LOTTO', '{}', 1000, 100, false, 'won', 700000000, now())
        RETURNING id, merchant_code, game_code, member_id, payout, settled_at
      )
      INSERT INTO lottery_wins (ticket_id, merchant_code, game_code, member_id, payout, settled_at) SELECT * FROM ticket`.execute(
      db,
    );
    // Another merchant's big win.
    await insertMerchant(db, 'otherco', 'Other Co');
    await vendorCredit(await newMember(db, { merchantCode: 'otherco' }), 'EVO_LIVE', 9_000_000_000n, 'o1');
  });
  afterAll(() => t.close());

  it('answers a visitor (no token) the biggest real wins of the week, biggest first, from every source', async () => {
    const { status, body, list } = await board('limitNum=50');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, value: { board: 'top', period: 'week' } });
    const amounts = list.map((w) => BigInt(w.winAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0)));
    expect(list[0]).toMatchObject({ vassalage: 'EVO_LIVE', winAmount: '2000000000', gameCode: 'EV_BACCARAT' });
    expect(list[1]).toMatchObject({ vassalage: 'EVO_LIVE', winAmount: '1000000000' });
    expect(list[2]).toMatchObject({
      vassalage: 'TESSERA_LOTT',
      gameCode: 'TS_SEA_LOTTO',
      winAmount: '700000000',
      gameCategory: 'LOTT',
    });
    const house = list.filter((w) => w.vassalage === 'TESSERA_RNG');
    expect(house.map((w) => w.winAmount).sort()).toEqual(houseWins.map((w) => w.win.toString()).sort());
    expect(house.every((w) => w.gameCode === LOTUS && w.gameCategory === 'RNG' && w.gameName.length > 0)).toBe(true);
    expect(list).toHaveLength(3 + houseWins.length);
  });

  it('masks every account and never answers a member id', async () => {
    const { body, list } = await board('limitNum=50&board=latest');
    const accounts = [...players, vendorPlayer, lotteryPlayer].map((m) => m.account);
    for (const w of list) {
      expect(w.account).toMatch(/^.{1,2}\*\*\*.?$/);
      expect(accounts).not.toContain(w.account);
    }
    const text = JSON.stringify(body);
    for (const account of accounts) expect(text).not.toContain(account);
    expect(text).not.toMatch(/memberId|member_id/);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['account', 'gameCategory', 'gameCode', 'gameName', 'vassalage', 'winAmount', 'winTime'].sort(),
    );
  });

  it('lists the latest wins newest first, within the period', async () => {
    const { list } = await board('board=latest&period=day&limitNum=5');
    expect(list).toHaveLength(5);
    const times = list.map((w) => w.winTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((time) => time > Date.now() - 24 * HOUR_MS)).toBe(true);
    // The 3-day-old vendor win is in the week, not the day.
    expect((await board('period=day&limitNum=50')).list.some((w) => w.winAmount === '2000000000')).toBe(false);
    expect((await board('period=month&limitNum=50')).list.some((w) => w.winAmount === '2000000000')).toBe(true);
  });

  it('filters by category and limits the list', async () => {
    const rng = await board('gameCategory=RNG&limitNum=50');
    expect(rng.list.length).toBe(houseWins.length);
    expect(rng.list.every((w) => w.vassalage === 'TESSERA_RNG')).toBe(true);
    const lott = await board('gameCategory=LOTT');
    expect(lott.list.map((w) => w.vassalage)).toEqual(['TESSERA_LOTT']);
    expect((await board('limitNum=2')).list).toHaveLength(2);
  });

  it("never shows another merchant's wins", async () => {
    const demo = await board('limitNum=50&period=month');
    expect(demo.list.some((w) => w.winAmount === '9000000000')).toBe(false);
    const other = await board('limitNum=50&period=month', { merchant: 'otherco' });
    expect(other.status).toBe(200);
    expect(other.list.map((w) => w.winAmount)).toEqual(['9000000000']);
  });

  it.each([
    ['board=biggest', 'body'],
    ['period=year', 'period'],
    ['limitNum=0', 'limitNum'],
    ['limitNum=51', 'limitNum'],
    ['limitNum=ten', 'limitNum'],
    ['gameCategory=CASINO', 'gameCategory'],
  ])('refuses %s with a 400 envelope', async (query) => {
    const { status, body } = await board(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'request.invalid' });
    expect(body.message).toMatch(/^errors\./);
  });
});

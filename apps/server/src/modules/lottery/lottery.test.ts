import type { LotteryBet, LotteryDraw, LotteryTicket } from '@tessera/contract/api/lottery';
import { drawFast3, settleFast3 } from '@tessera/house-engine/lottery/fast3';
import { drawSea, settleSea } from '@tessera/house-engine/lottery/sea';
import { replayRound, verifyServerSeed } from '@tessera/house-engine/rng/fair';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import type { Database } from '../../db/schema.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { closeDraw, drawNow, FAST3, fundedMember, openDraw, openLottery, SEA, slip, VN } from './test/kit.js';

const SLIPS = '/wps/lottery/slips';
const balanceOf = (t: { db: { kysely: Kysely<Database> } }, memberId: bigint) =>
  new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId }).then((b) => b.available);

describe('house lotteries', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('launches a lottery into the lottery client with a one-use ticket exchanged for a game session', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { launch, url, ticket, session } = await openLottery(t.app, member, SEA, 'lobby');
    expect(launch.statusCode).toBe(200);
    expect(url.pathname).toBe('/house-games/lottery/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ merchant: DEMO_MERCHANT, lang: 'en', game: SEA, view: 'lobby' });
    expect(session).toMatchObject({
      gameCode: SEA,
      balance: '10000',
      playMoney: false,
      game: { kind: 'SEA5D', prizeMode: 'SEA' },
    });
    expect(session.game.odds).toContainEqual({ type: 'last3', odds100: 98000 });
    const again = await t.app.inject({ method: 'POST', url: '/wps/lottery/session', payload: { ticket } });
    expect(again.json()).toMatchObject({ success: false, code: 'game.session.invalid' });
  });

  it('always has an open draw per game, committed before play and with its seed kept secret', async () => {
    for (const game of [FAST3, SEA, VN]) {
      const res = await t.app.inject({ method: 'GET', url: `/wps/lottery/draws/current?gameCode=${game}` });
      const { open, next, serverTime } = res.json().value as { open: LotteryDraw; next: LotteryDraw; serverTime: number };
      expect(open).toMatchObject({ gameCode: game, status: 'open', serverSeed: null, result: null });
      expect(open.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(open.clientSeed).toBe(`${game}:${open.numero}`);
      expect(open.closeAt).toBeGreaterThan(serverTime);
      expect(next.drawAt).toBeGreaterThan(open.drawAt);
    }
    const vn = (await t.app.inject({ method: 'GET', url: `/wps/lottery/draws/current?gameCode=${VN}` })).json().value.open;
    // 18:15 in Hanoi is 11:15 UTC; bets close 15 minutes earlier.
    expect(new Date(vn.drawAt).toISOString()).toMatch(/T11:15:00\.000Z$/);
    expect(vn.drawAt - vn.closeAt).toBe(15 * 60_000);
    const unknown = await t.app.inject({ method: 'GET', url: '/wps/lottery/draws/current?gameCode=TS_NOPE' });
    expect(unknown.json()).toMatchObject({ success: false, code: 'game.not.found' });
  });

  it('sells a slip with one debit, answers a retry with the same slip, and refuses the id for another slip', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { gameSession } = await openLottery(t.app, member, FAST3);
    const draw = await openDraw(t, FAST3);
    const body = slip(FAST3, draw.drawId, [
      { bet: { type: 'bigSmall', pick: 'big' }, stake: '1000' },
      { bet: { type: 'sum', sum: 10 }, stake: '500' },
    ]);
    const headers = { 'x-game-session': gameSession };
    const first = await t.app.inject({ method: 'POST', url: SLIPS, headers, payload: body });
    expect(first.statusCode).toBe(200);
    const value = first.json().value;
    expect(value).toMatchObject({ replayed: false, balance: '8500', slip: { totalStake: '1500', numero: draw.numero } });
    expect(value.slip.tickets.map((ticket: LotteryTicket) => [ticket.odds100, ticket.status])).toEqual([
      [198, 'open'],
      [768, 'open'],
    ]);
    const retry = await t.app.inject({ method: 'POST', url: SLIPS, headers, payload: body });
    expect(retry.json().value).toMatchObject({ replayed: true, balance: '8500', slip: { slipId: value.slip.slipId } });
    const other = { ...body, bets: [{ bet: { type: 'anyTriple' }, stake: '1500' }] };
    const conflict = await t.app.inject({ method: 'POST', url: SLIPS, headers, payload: other });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('lottery.slip.conflict');
    expect(await balanceOf(t, member.id)).toBe(8500n);
  });

  it("refuses bets that are not the game's, stakes out of range, unknown draws and draws past their cut-off", async () => {
    const member = await fundedMember(t.db.kysely, 1_000_000n);
    const headers = { authorization: member.token };
    const sea = await openDraw(t, SEA);
    const wrongGame = await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers,
      payload: slip(SEA, sea.drawId, [
        { bet: { type: 'bigSmall', position: 0, pick: 'big' }, stake: '100' },
        { bet: { type: 'sum', sum: 10 }, stake: '100' },
        { bet: { type: 'digit', position: 1, digit: 3 }, stake: '50' },
      ]),
    });
    expect(wrongGame.statusCode).toBe(400);
    expect(wrongGame.json()).toMatchObject({ code: 'lottery.bet.invalid', message: 'errors.lottery_bet_invalid' });
    expect(wrongGame.json().value.fields).toEqual([
      { field: 'body/bets/1/bet', key: 'errors.lottery_bet_invalid', params: {} },
      { field: 'body/bets/2/stake', key: 'errors.lottery_stake_out_of_range', params: { minMinor: '100', maxMinor: '500000' } },
    ]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers,
      payload: slip(SEA, sea.drawId, [{ bet: { type: 'last2', number: '7' } as never, stake: '100' }]),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('request.invalid');
    const fast3 = await openDraw(t, FAST3);
    const otherGamesDraw = await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers,
      payload: slip(SEA, fast3.drawId, [{ bet: { type: 'sumOddEven', pick: 'odd' }, stake: '100' }]),
    });
    expect(otherGamesDraw.json()).toMatchObject({ success: false, code: 'lottery.draw.not.found' });
    await closeDraw(t.db.kysely, sea.drawId);
    const late = await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers,
      payload: slip(SEA, sea.drawId, [{ bet: { type: 'sumOddEven', pick: 'odd' }, stake: '100' }]),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'lottery.draw.closed', message: 'errors.lottery_draw_closed' });
    const current = (await t.app.inject({ method: 'GET', url: `/wps/lottery/draws/draw?drawId=${sea.drawId}` })).json().value;
    expect(current.status).toBe('closed');
    const poor = await fundedMember(t.db.kysely, 50n);
    const next = await openDraw(t, SEA);
    const broke = await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers: { authorization: poor.token },
      payload: slip(SEA, next.drawId, [{ bet: { type: 'sumOddEven', pick: 'odd' }, stake: '100' }]),
    });
    expect(broke.json()).toMatchObject({ success: false, code: 'wallet.insufficient.funds' });
    expect(await balanceOf(t, member.id)).toBe(1_000_000n);
  });

  it('refuses a caller without a session, and a member who excluded themselves while the game was open', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { gameSession } = await openLottery(t.app, member, FAST3);
    const draw = await openDraw(t, FAST3);
    const body = slip(FAST3, draw.drawId, [{ bet: { type: 'anyTriple' }, stake: '100' }]);
    const anonymous = await t.app.inject({ method: 'POST', url: SLIPS, payload: body });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers: { 'x-game-session': 'x'.repeat(43) },
      payload: body,
    });
    expect(forged.json()).toMatchObject({ success: false, code: 'game.session.invalid' });
    const headers = { authorization: member.token };
    await t.app.inject({
      method: 'POST',
      url: '/wps/member/responsible-gaming/exclusion',
      headers,
      payload: { duration: '24h' },
    });
    const excluded = await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers: { 'x-game-session': gameSession },
      payload: body,
    });
    // Self-exclusion ends the site session, and the game session with it.
    expect(excluded.json()).toMatchObject({ success: false, code: 'game.session.invalid' });
    expect(await balanceOf(t, member.id)).toBe(10_000n);
  });

  it('draws from the committed seed, reveals it, and pays each winner what house-engine says', async () => {
    const member = await fundedMember(t.db.kysely, 100_000n);
    const headers = { authorization: member.token };
    const draw = await openDraw(t, FAST3);
    const bets: { bet: LotteryBet; stake: string }[] = [
      { bet: { type: 'bigSmall', pick: 'big' }, stake: '1000' },
      { bet: { type: 'bigSmall', pick: 'small' }, stake: '1000' },
      { bet: { type: 'oddEven', pick: 'odd' }, stake: '700' },
      { bet: { type: 'oddEven', pick: 'even' }, stake: '700' },
      ...Array.from({ length: 14 }, (_, i) => ({ bet: { type: 'sum' as const, sum: i + 4 }, stake: '100' })),
    ];
    expect(
      (await t.app.inject({ method: 'POST', url: SLIPS, headers, payload: slip(FAST3, draw.drawId, bets) })).statusCode,
    ).toBe(200);
    await drawNow(t.db.kysely, draw.drawId);

    const drawn = (await t.app.inject({ method: 'GET', url: `/wps/lottery/draws/draw?drawId=${draw.drawId}` })).json().value;
    expect(drawn.status).toBe('settled');
    expect(verifyServerSeed(drawn.serverSeed, draw.commitment)).toBe(true);
    const seeds = { serverSeed: drawn.serverSeed, clientSeed: draw.clientSeed, nonce: 0 };
    const result = replayRound(seeds, drawFast3);
    expect(drawn.result).toEqual(result);
    expect(drawn.winningNumber).toBe(result.dice.join(','));

    const tickets = (
      await t.app.inject({ method: 'GET', url: `/wps/lottery/tickets?drawId=${draw.drawId}&size=50`, headers })
    ).json().value;
    expect(tickets.total).toBe(bets.length);
    let paid = 0n;
    for (const ticket of tickets.content as LotteryTicket[]) {
      const expected = settleFast3({ bet: ticket.bet as never, stake: BigInt(ticket.stake) }, result);
      expect(BigInt(ticket.payout)).toBe(expected);
      expect(ticket.status).toBe(expected > 0n ? 'won' : 'lost');
      paid += expected;
    }
    expect(paid).toBeGreaterThan(0n); // exactly one sum bet always wins
    expect(await balanceOf(t, member.id)).toBe(100_000n - 4800n + paid);

    const results = (await t.app.inject({ method: 'GET', url: `/wps/lottery/draws/results?gameCode=${FAST3}` })).json().value;
    expect(results.content[0]).toMatchObject({ drawId: draw.drawId, serverSeed: drawn.serverSeed });
    const opened = (await t.app.inject({ method: 'GET', url: `/lgw/vn/numeros/opened/game?gameCode=${FAST3}` })).json().value;
    expect(opened.list[0]).toMatchObject({ numero: draw.numero, winningNumber: drawn.winningNumber });
    const latest = (await t.app.inject({ method: 'GET', url: '/lotto/lgw/games/opened/numero' })).json().value;
    expect(latest.list.find((row: { gameCode: string }) => row.gameCode === FAST3)).toMatchObject({ numero: draw.numero });
    const menu = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu', headers: { language: 'en' } })).json()
      .value;
    expect(menu.list.map((item: { gameCode: string }) => item.gameCode).sort()).toEqual([FAST3, SEA, VN].sort());
    expect(menu.list.find((item: { gameCode: string }) => item.gameCode === FAST3)).toMatchObject({
      gameName: 'Fast 3 dice',
      lastNumero: draw.numero,
      status: 'active',
    });
    const recent = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu/recent', headers })).json().value;
    expect(recent.list.map((item: { gameCode: string }) => item.gameCode)).toEqual([FAST3]);
  });

  it('settles a SEA draw with many members and records every ticket in the betting record', async () => {
    const members = await Promise.all([fundedMember(t.db.kysely, 50_000n), fundedMember(t.db.kysely, 50_000n)]);
    const draw = await openDraw(t, SEA);
    for (const member of members) {
      const bets = Array.from({ length: 10 }, (_, digit) => ({
        bet: { type: 'digit' as const, position: 4, digit },
        stake: '200',
      }));
      const res = await t.app.inject({
        method: 'POST',
        url: SLIPS,
        headers: { authorization: member.token },
        payload: slip(SEA, draw.drawId, bets),
      });
      expect(res.statusCode).toBe(200);
    }
    await drawNow(t.db.kysely, draw.drawId);
    const drawn = (await t.app.inject({ method: 'GET', url: `/wps/lottery/draws/draw?drawId=${draw.drawId}` })).json().value;
    const result = replayRound({ serverSeed: drawn.serverSeed, clientSeed: draw.clientSeed, nonce: 0 }, drawSea);
    const win = settleSea({ bet: { type: 'digit', position: 4, digit: result.digits[4] ?? -1 }, stake: 200n }, result);
    expect(win).toBe(1960n);
    for (const member of members) expect(await balanceOf(t, member.id)).toBe(50_000n - 2000n + win);
    const row = await t.db.kysely
      .selectFrom('lottery_draws')
      .selectAll()
      .where('id', '=', BigInt(draw.drawId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ticket_count: 20, winner_count: 2, payout_total: 2n * win, batches_left: 0 });

    const now = Date.now();
    const record = await t.app.inject({
      method: 'GET',
      url: `/wps/member/records/bets?startTime=${now - 3600_000}&endTime=${now + 3600_000}&size=50`,
      headers: { authorization: members[0]?.token ?? '' },
    });
    const rows = record.json().value.content.filter((r: { gameCode: string }) => r.gameCode === SEA);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ roundId: draw.drawId, vendor: 'TESSERA_LOTT', gameCategory: 'LOTT', status: 'settled' });
    expect(rows.reduce((sum: bigint, r: { winMinor: string }) => sum + BigInt(r.winMinor), 0n)).toBe(win);
  });

  it("shows a member only their own tickets, and a game session only its game's", async () => {
    const owner = await fundedMember(t.db.kysely, 10_000n);
    const stranger = await fundedMember(t.db.kysely, 10_000n);
    const draw = await openDraw(t, FAST3);
    await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers: { authorization: owner.token },
      payload: slip(FAST3, draw.drawId, [{ bet: { type: 'triple', face: 6 }, stake: '100' }]),
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/wps/lottery/tickets?status=open',
      headers: { authorization: owner.token },
    });
    expect(mine.json().value.total).toBe(1);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/wps/lottery/tickets?drawId=${draw.drawId}`,
      headers: { authorization: stranger.token },
    });
    expect(theirs.json().value).toMatchObject({ total: 0, content: [] });
    const theirRecent = await t.app.inject({
      method: 'GET',
      url: '/lgw/vn/games/game_menu/recent',
      headers: { authorization: stranger.token },
    });
    expect(theirRecent.json().value.list).toEqual([]);
    const { gameSession } = await openLottery(t.app, owner, SEA);
    const crossGame = await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers: { 'x-game-session': gameSession },
      payload: slip(FAST3, draw.drawId, [{ bet: { type: 'anyTriple' }, stake: '100' }]),
    });
    expect(crossGame.json()).toMatchObject({ success: false, code: 'game.session.invalid' });
    const seaOnly = await t.app.inject({
      method: 'GET',
      url: '/wps/lottery/tickets',
      headers: { 'x-game-session': gameSession },
    });
    expect(seaOnly.json().value.total).toBe(0);
  });

  it('lets an operator list draws, read a settlement, and void an undrawn draw by refunding every slip once', async () => {
    const admin = (...argv: string[]) => runAdmin(argv, t.services);
    const member = await fundedMember(t.db.kysely, 10_000n);
    const draw = await openDraw(t, VN);
    await t.app.inject({
      method: 'POST',
      url: SLIPS,
      headers: { authorization: member.token },
      payload: slip(VN, draw.drawId, [
        { bet: { type: 'lo2', number: '38' }, stake: '1000' },
        { bet: { type: 'de3', number: '007' }, stake: '500' },
      ]),
    });
    expect(await balanceOf(t, member.id)).toBe(8500n);
    const draws = await admin('lottery', 'draws', '--game', VN);
    expect(draws.output).toContain(`${draw.drawId}\t${VN}\t${draw.numero}`);
    const status = await admin('lottery', 'draw', draw.drawId);
    expect(status.output).toContain('(secret until drawn)');
    expect(status.output).toContain('open 2 (paid 0)');
    expect(status.output).toContain('pending lottery.draw');
    const voided = await admin('lottery', 'void-draw', draw.drawId, '--reason', 'sheet printer failure');
    expect(voided).toMatchObject({ exitCode: 0 });
    expect(voided.output).toContain('1 slip(s) refunded');
    const again = await admin('lottery', 'void-draw', draw.drawId, '--reason', 'twice');
    expect(again.exitCode).toBe(1);
    expect(await balanceOf(t, member.id)).toBe(10_000n);
    const tickets = (
      await t.app.inject({
        method: 'GET',
        url: `/wps/lottery/tickets?drawId=${draw.drawId}`,
        headers: { authorization: member.token },
      })
    ).json().value;
    expect(tickets.content.map((ticket: LotteryTicket) => ticket.status)).toEqual(['void', 'void']);
    // The schedule goes on: the game still has a draw taking bets.
    expect((await openDraw(t, VN)).drawId).not.toBe(draw.drawId);
  });
});

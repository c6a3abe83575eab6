import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { fundedMember, openGame, spinBody } from '../house-vendor/test/kit.js';

const DAY_MS = 24 * 3600_000;

describe('betting record and personal profit and loss', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const range = () => ({ startTime: Date.now() - DAY_MS, endTime: Date.now() + DAY_MS });
  const get = (token: string, path: string, query: Record<string, string | number>, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/wps/member/records/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: { authorization: token, language },
    });

  async function playedMember(spins: number) {
    const member = await fundedMember(t.db.kysely, 100_000n);
    const game = await openGame(t.app, member, 'TS_LOTUS_FORTUNE');
    const rounds = [];
    for (let i = 0; i < spins; i += 1) {
      const spin = await t.app.inject({
        method: 'POST',
        url: '/wps/house-games/slots/spin',
        headers: { 'x-game-session': game.gameSession },
        payload: spinBody('TS_LOTUS_FORTUNE', '200'),
      });
      rounds.push(spin.json().value.round);
    }
    return { member, rounds };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the member’s house rounds newest first with game, stake, win, status and a verify flag', async () => {
    const { member, rounds } = await playedMember(3);
    const res = await get(member.token, 'bets', range(), 'bn');
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.total).toBe(3);
    expect(value.content.map((bet: { roundId: string }) => bet.roundId)).toEqual(rounds.map((r) => r.roundId).reverse());
    expect(value.content[0]).toMatchObject({
      vendor: 'TESSERA_RNG',
      gameCode: 'TS_LOTUS_FORTUNE',
      gameName: 'লোটাস ফরচুন',
      gameCategory: 'RNG',
      gameClassify: 'SLOT',
      betMinor: '200',
      winMinor: rounds[2].win,
      status: 'settled',
      playMoney: false,
      verifiable: true,
    });
    const wins = rounds.reduce((sum, r) => sum + BigInt(r.win), 0n);
    expect(value.summary).toEqual({ betMinor: '600', winMinor: wins.toString(), rounds: 3 });
    expect(value.games).toEqual([{ gameCode: 'TS_LOTUS_FORTUNE', gameName: 'লোটাস ফরচুন', gameCategory: 'RNG' }]);
  });

  it('names an instant game’s round by its kind in the catalogue, not as a slot', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const played = await t.app.inject({
      method: 'POST',
      url: '/wps/house-games/originals/play',
      headers: { authorization: member.token },
      payload: {
        gameCode: 'TS_DICE',
        bet: '100',
        clientRoundId: randomUUID(),
        choice: { game: 'dice', target: 5000, direction: 'over' },
      },
    });
    expect(played.statusCode).toBe(200);
    const [bet] = (await get(member.token, 'bets', range())).json().value.content;
    expect(bet).toMatchObject({ gameCode: 'TS_DICE', gameName: 'Dice', gameCategory: 'RNG', gameClassify: 'INSTANT' });
  });

  it('pages and filters by category and game', async () => {
    const { member } = await playedMember(3);
    const first = (await get(member.token, 'bets', { ...range(), size: 2 })).json().value;
    const second = (await get(member.token, 'bets', { ...range(), size: 2, page: 2 })).json().value;
    expect([first.content.length, second.content.length, first.totalPages]).toEqual([2, 1, 2]);
    expect((await get(member.token, 'bets', { ...range(), gameCategory: 'LIVE' })).json().value.total).toBe(0);
    expect((await get(member.token, 'bets', { ...range(), gameCategory: 'RNG' })).json().value.total).toBe(3);
    expect((await get(member.token, 'bets', { ...range(), gameCode: 'TS_CLASSIC_SEVENS' })).json().value.total).toBe(0);
    const past = { startTime: Date.now() - 3 * DAY_MS, endTime: Date.now() - 2 * DAY_MS };
    expect((await get(member.token, 'bets', past)).json().value.content).toEqual([]);
  });

  it('never shows another member’s rounds', async () => {
    const { rounds } = await playedMember(1);
    const other = await fundedMember(t.db.kysely, 0n);
    const value = (await get(other.token, 'bets', range())).json().value;
    expect(value.content).toEqual([]);
    expect(value.summary.rounds).toBe(0);
    const profit = (await get(other.token, 'profit', { ...range(), utcOffsetMinutes: 0 })).json().value;
    expect(profit.days).toEqual([]);
    const verify = await t.app.inject({
      method: 'GET',
      url: `/wps/house-games/rounds/verify?roundId=${rounds[0].roundId}`,
      headers: { authorization: other.token },
    });
    expect(verify.statusCode).toBe(404);
  });

  it('includes third-party vendor rounds from the seamless wallet, refunded when the stake is rolled back', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const wallet = t.services.seamlessWallet;
    const base = {
      merchant: DEMO_MERCHANT,
      vendor: 'TEST_VENDOR',
      memberId: member.id,
      gameCode: 'LIVE_BACCARAT',
      gameCategory: 'LIVE',
    };
    await wallet.debit({ ...base, txId: randomUUID(), amount: 500n, roundId: 'won' });
    await wallet.credit({ ...base, txId: randomUUID(), amount: 900n, roundId: 'won' });
    const stake = randomUUID();
    await wallet.debit({ ...base, txId: stake, amount: 300n, roundId: 'void' });
    await wallet.rollback({ merchant: DEMO_MERCHANT, vendor: 'TEST_VENDOR', memberId: member.id, txId: stake });
    await wallet.debit({ ...base, txId: randomUUID(), amount: 100n, roundId: 'running' });
    const value = (await get(member.token, 'bets', range())).json().value;
    const byRound = Object.fromEntries(value.content.map((bet: { roundId: string }) => [bet.roundId, bet]));
    expect(byRound.won).toMatchObject({
      betMinor: '500',
      winMinor: '900',
      status: 'settled',
      verifiable: false,
      gameName: 'LIVE_BACCARAT',
    });
    expect(byRound.void).toMatchObject({ betMinor: '0', status: 'refunded' });
    expect(byRound.running).toMatchObject({ betMinor: '100', winMinor: '0', status: 'open' });
  });

  it('sums real-money rounds by the player’s day and category', async () => {
    const { member, rounds } = await playedMember(2);
    const offset = 360;
    const res = await get(member.token, 'profit', { ...range(), utcOffsetMinutes: offset });
    expect(res.statusCode).toBe(200);
    const wins = rounds.reduce((sum, r) => sum + BigInt(r.win), 0n);
    const day = new Date(rounds[0].time + offset * 60_000).toISOString().slice(0, 10);
    expect(res.json().value).toEqual({
      days: [
        {
          day,
          gameCategory: 'RNG',
          betMinor: '400',
          winMinor: wins.toString(),
          profitMinor: (wins - 400n).toString(),
          rounds: 2,
        },
      ],
      totals: { betMinor: '400', winMinor: wins.toString(), profitMinor: (wins - 400n).toString(), rounds: 2 },
    });
  });

  it('refuses ranges over 31 days, bad filters and visitors with a 4xx envelope', async () => {
    const member = await fundedMember(t.db.kysely, 0n);
    const long = await get(member.token, 'bets', { startTime: 0, endTime: 40 * DAY_MS });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, code: 'records.range.invalid' });
    expect((await get(member.token, 'bets', { ...range(), gameCategory: 'NOPE' })).statusCode).toBe(400);
    expect((await get(member.token, 'profit', { ...range(), utcOffsetMinutes: 9999 })).statusCode).toBe(400);
    const visitor = await t.app.inject({ method: 'GET', url: '/wps/member/records/bets?startTime=0&endTime=1' });
    expect(visitor.statusCode).toBe(401);
  });
});

import { commitServerSeed } from '@tessera/house-engine/rng/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { sessionFor } from '../responsible-gaming/test/kit.js';
import { fundedMember, openGame, spinBody } from './test/kit.js';

const LOTUS = 'TS_LOTUS_FORTUNE';
const SPIN = '/wps/house-games/slots/spin';

describe('house vendor: launch, game session, provably fair slot rounds', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('launches into the house-games client with a one-use ticket that becomes a game session', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const game = await openGame(t.app, member, LOTUS);
    expect(game.launch.statusCode).toBe(200);
    expect(game.url.pathname).toBe('/house-games/lotus-fortune/');
    expect(game.url.searchParams.get('merchant')).toBe(DEMO_MERCHANT);
    expect(game.url.toString()).not.toContain(member.token);
    expect(game.session).toMatchObject({
      gameCode: LOTUS,
      balance: '10000',
      playMoney: false,
      limits: { minBet: '200', maxBet: '200000', multipleOf: 20 },
      paytable: { gameId: 'lotus-fortune', reels: 5, rows: 3, rtp: expect.closeTo(0.964, 3) },
      currency: { symbol: '৳' },
      minSpinMs: 0,
      fairness: { nextNonce: 0 },
    });
    // The ticket works once.
    const again = await inject('POST', '/wps/house-games/session', {}, { ticket: game.ticket });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, code: 'game.session.invalid' });
  });

  it("holds a round for the merchant's minimum round time only where the merchant sets one", async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    await t.settings.update(DEMO_MERCHANT, 'games', () => ({ minSlotRoundMs: 2500 }), 'test');
    try {
      expect((await openGame(t.app, member, LOTUS)).session).toMatchObject({ minSpinMs: 2500 });
    } finally {
      await t.settings.update(DEMO_MERCHANT, 'games', () => ({ minSlotRoundMs: 0 }), 'test');
    }
  });

  it('refuses a launch without a token, of an unknown game, or without launchMode', async () => {
    const member = await fundedMember(t.db.kysely, 0n);
    const body = { gameId: LOTUS, vassalage: 'TESSERA_RNG', launchMode: 'GLS' };
    expect((await inject('POST', '/wps/game/launchGame', {}, body)).json().code).toBe('login.not.session');
    const auth = { authorization: member.token };
    expect((await inject('POST', '/wps/game/launchGame', auth, { ...body, gameId: 'NOPE' })).statusCode).toBe(404);
    expect((await inject('POST', '/wps/game/launchGame', auth, { gameId: LOTUS, vassalage: 'TESSERA_RNG' })).statusCode).toBe(
      400,
    );
    const noGame = await inject('POST', '/wps/game/launchGame', auth, { vassalage: 'TESSERA_RNG', launchMode: 'GLS' });
    expect(noGame.json()).toMatchObject({ code: 'request.invalid', value: { fields: [{ field: 'body/gameId' }] } });
  });

  it('spins: debits the bet, credits the win, stores the round, advances the nonce', async () => {
    const member = await fundedMember(t.db.kysely, 100_000n);
    const { gameSession } = await openGame(t.app, member, LOTUS);
    const headers = { 'x-game-session': gameSession };
    let expected = 100_000n;
    const roundIds: string[] = [];
    for (let nonce = 0; nonce < 5; nonce++) {
      const res = await inject('POST', SPIN, headers, spinBody(LOTUS, '1000'));
      expect(res.statusCode).toBe(200);
      const { round, balance, replayed } = res.json().value;
      expect(replayed).toBe(false);
      expect(round).toMatchObject({ gameCode: LOTUS, engineGame: 'lotus-fortune', bet: '1000', nonce, playMoney: false });
      expect(round.outcome.totalWin).toBe(round.win);
      roundIds.push(round.roundId);
      expected += BigInt(round.win) - 1000n;
      expect(balance).toBe(expected.toString());
    }
    const fairness = (await inject('GET', '/wps/house-games/fairness', headers)).json().value;
    expect(fairness.nextNonce).toBe(5);
    const ledgerBalance = await new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect(ledgerBalance.available).toBe(expected);
    const bets = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['memo', 'kind', 'cause_id', 'idempotency_key'])
      .where('cause_type', '=', 'game_round')
      .where('kind', '=', 'bet')
      .where('debit_account_id', 'in', (eb) =>
        eb.selectFrom('ledger_accounts').select('id').where('owner_id', '=', member.id).where('kind', '=', 'member_main'),
      )
      .orderBy('id')
      .execute();
    expect(bets).toHaveLength(5);
    expect(bets[0]?.memo).toMatchObject({ gameCategory: 'RNG', validBet: 1000, vendor: 'TESSERA_RNG', gameCode: LOTUS });
    // Each bet names the round it paid for, the one the player was answered with.
    expect(bets.map((bet) => [bet.cause_id, bet.idempotency_key, (bet.memo as { roundId?: string }).roundId])).toEqual(
      roundIds.map((id) => [id, `house-round:${id}:bet`, id]),
    );
  });

  it('answers a retried spin with the same round and never bets twice; a reused id for another bet is a conflict', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const headers = { authorization: member.token };
    const body = spinBody(LOTUS, '400');
    const first = (await inject('POST', SPIN, headers, body)).json().value;
    const again = (await inject('POST', SPIN, headers, body)).json().value;
    expect(again.replayed).toBe(true);
    expect(again.round).toEqual(first.round);
    expect(again.balance).toBe(first.balance);
    const conflict = await inject('POST', SPIN, headers, { ...body, bet: '600' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('game.round.conflict');
  });

  it('refuses bad bets with 4xx and insufficient funds without writing a round', async () => {
    const member = await fundedMember(t.db.kysely, 500n);
    const headers = { authorization: member.token };
    for (const bet of ['190', '210', '200020', '0', '-20', '1.5', 'abc']) {
      const res = await inject('POST', SPIN, headers, spinBody(LOTUS, bet));
      expect(res.statusCode, bet).toBe(400);
      expect(['game.bet.invalid', 'request.invalid']).toContain(res.json().code);
    }
    const limits = await inject('POST', SPIN, headers, spinBody(LOTUS, '190'));
    expect(limits.json().value.fields[0]).toMatchObject({
      field: 'body/bet',
      params: { minMinor: '200', maxMinor: '200000', multipleOf: 20 },
    });
    expect((await inject('POST', SPIN, headers, spinBody('TS_NOPE', '200'))).statusCode).toBe(404);
    expect((await inject('POST', SPIN, headers, { ...spinBody(LOTUS, '200'), extra: 1 })).statusCode).toBe(400);
    const broke = await inject('POST', SPIN, headers, spinBody(LOTUS, '600'));
    expect(broke.json()).toMatchObject({ success: false, code: 'wallet.insufficient.funds' });
    const rounds = await t.db.kysely.selectFrom('house_rounds').select('id').where('member_id', '=', member.id).execute();
    expect(rounds).toHaveLength(0);
    expect((await inject('GET', '/wps/house-games/fairness', headers)).json().value.nextNonce).toBe(0);
    expect((await inject('POST', SPIN, {}, spinBody(LOTUS, '200'))).json().code).toBe('login.not.session');
    expect((await inject('POST', SPIN, { 'x-game-session': 'forged' }, spinBody(LOTUS, '200'))).json().code).toBe(
      'game.session.invalid',
    );
  });

  it('verifies a round after rotation, reveals the committed seed, and hides rounds from other members', async () => {
    const member = await fundedMember(t.db.kysely, 50_000n);
    const other = await fundedMember(t.db.kysely, 0n);
    const headers = { authorization: member.token };
    const seedBody = { clientSeed: 'my-lucky-seed' };
    expect((await inject('PUT', '/wps/house-games/fairness/client-seed', headers, seedBody)).json().value.clientSeed).toBe(
      'my-lucky-seed',
    );
    expect((await inject('PUT', '/wps/house-games/fairness/client-seed', headers, { clientSeed: 'has space' })).statusCode).toBe(
      400,
    );
    const before = (await inject('GET', '/wps/house-games/fairness', headers)).json().value;
    const { round } = (await inject('POST', SPIN, headers, spinBody(LOTUS, '2000'))).json().value;
    expect(round).toMatchObject({ commitment: before.commitment, clientSeed: 'my-lucky-seed', nonce: 0 });

    const verifyUrl = `/wps/house-games/rounds/verify?roundId=${round.roundId}`;
    const secret = (await inject('GET', verifyUrl, headers)).json().value;
    expect(secret).toMatchObject({ serverSeed: null, verified: null, recomputed: null, round });
    const stranger = await inject('GET', verifyUrl, { authorization: other.token });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('game.round.not.found');
    expect((await inject('GET', verifyUrl, {})).json().code).toBe('login.not.session');

    const rotated = (await inject('POST', '/wps/house-games/fairness/rotate', headers, {})).json().value;
    expect(rotated.revealed).toMatchObject({ commitment: before.commitment, clientSeed: 'my-lucky-seed', rounds: 1 });
    expect(commitServerSeed(rotated.revealed.serverSeed)).toBe(before.commitment);
    expect(rotated.fairness.commitment).not.toBe(before.commitment);
    expect(rotated.fairness.nextNonce).toBe(0);

    const verified = (await inject('GET', verifyUrl, headers)).json().value;
    expect(verified.serverSeed).toBe(rotated.revealed.serverSeed);
    expect(verified.verified).toBe(true);
    expect(verified.recomputed).toEqual(round.outcome);
    expect((await inject('GET', verifyUrl, { authorization: other.token })).statusCode).toBe(404);
    expect((await inject('GET', '/wps/house-games/rounds/verify?roundId=abc', headers)).statusCode).toBe(400);
  });

  it('detects a stored round that does not match its seeds', async () => {
    const member = await fundedMember(t.db.kysely, 50_000n);
    const headers = { authorization: member.token };
    const { round } = (await inject('POST', SPIN, headers, spinBody(LOTUS, '2000'))).json().value;
    await inject('POST', '/wps/house-games/fairness/rotate', headers, {});
    const tampered = { ...round.outcome, totalWin: String(BigInt(round.outcome.totalWin) + 1n) };
    await t.db.kysely
      .updateTable('house_rounds')
      .set({ outcome: JSON.stringify(tampered) })
      .where('id', '=', BigInt(round.roundId))
      .execute();
    const verified = (await inject('GET', `/wps/house-games/rounds/verify?roundId=${round.roundId}`, headers)).json().value;
    expect(verified.verified).toBe(false);
  });

  it('lets a trial account play with play money settled against the house play-money account', async () => {
    const trial = await fundedMember(t.db.kysely, 0n, { agentType: 4 });
    const game = await openGame(t.app, trial, LOTUS);
    expect(game.session.playMoney).toBe(true);
    const balance = BigInt(game.session.balance);
    expect(balance).toBeGreaterThan(0n);
    const { round } = (await inject('POST', SPIN, { 'x-game-session': game.gameSession }, spinBody(LOTUS, '200'))).json().value;
    expect(round.playMoney).toBe(true);
    const house = await new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'house', purpose: 'playmoney' });
    expect(house.balance).toBeLessThan(0n);
  });

  it('refuses trial accounts where the merchant gives no play money', async () => {
    await t.settings.update(DEMO_MERCHANT, 'wallet', (current) => ({ ...current, trialPlayMoneyMinor: 0 }), 'test');
    try {
      const trial = await fundedMember(t.db.kysely, 0n, { agentType: 4 });
      const res = await inject(
        'POST',
        '/wps/game/launchGame',
        { authorization: trial.token },
        { gameId: LOTUS, vassalage: 'TESSERA_RNG', launchMode: 'GLS' },
      );
      expect(res.json()).toMatchObject({ success: false, code: 'in_need_true_account' });
    } finally {
      await t.settings.update(DEMO_MERCHANT, 'wallet', (current) => ({ ...current, trialPlayMoneyMinor: 1_000_000 }), 'test');
    }
  });

  it('refuses self-excluded members at launch and at the next spin', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { gameSession } = await openGame(t.app, member, LOTUS);
    await inject('POST', '/wps/member/responsible-gaming/exclusion', { authorization: member.token }, { duration: '24h' });
    const spin = await inject('POST', SPIN, { 'x-game-session': gameSession }, spinBody(LOTUS, '200'));
    expect(spin.json()).toMatchObject({ success: false, code: 'game.session.invalid' });
    const token = await sessionFor(t.db.kysely, member);
    const launch = await inject(
      'POST',
      '/wps/game/launchGame',
      { authorization: token },
      { gameId: LOTUS, vassalage: 'TESSERA_RNG', launchMode: 'GLS' },
    );
    expect(launch.json()).toMatchObject({ success: false, code: 'rg.excluded' });
  });

  it('answers a game under maintenance with the message and other games, and takes no bets on it', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { gameSession } = await openGame(t.app, member, LOTUS);
    await t.db.kysely.updateTable('catalogue_games').set({ status: 'maintenance' }).where('game_code', '=', LOTUS).execute();
    try {
      const res = await inject(
        'POST',
        '/wps/game/launchGame',
        { authorization: member.token, language: 'en' },
        { gameId: LOTUS, vassalage: 'TESSERA_RNG', launchMode: 'GLS' },
      );
      const { maintenance } = res.json().value;
      expect(maintenance.messageKey).toBe('errors.game_maintenance');
      expect(maintenance.recommended.length).toBeGreaterThan(0);
      for (const game of maintenance.recommended) {
        expect(game).toMatchObject({ gameType: 'RNG', status: 'active' });
        expect(game.gameId).not.toBe(LOTUS);
      }
      const spin = await inject('POST', SPIN, { 'x-game-session': gameSession }, spinBody(LOTUS, '200'));
      expect(spin.json().code).toBe('game.maintenance');
    } finally {
      await t.db.kysely.updateTable('catalogue_games').set({ status: 'active' }).where('game_code', '=', LOTUS).execute();
    }
  });

  it('binds a game session to its game', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { gameSession } = await openGame(t.app, member, LOTUS);
    const res = await inject('POST', SPIN, { 'x-game-session': gameSession }, spinBody('TS_CLASSIC_SEVENS', '50'));
    expect(res.json().code).toBe('game.session.invalid');
  });
});

import { randomUUID } from 'node:crypto';
import { originalWin, playOriginal as replayOriginal } from '@tessera/house-engine/originals/originals';
import { FairStream } from '@tessera/house-engine/rng/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { fundedMember, openGame } from './test/kit.js';

const PLAY = '/wps/house-games/originals/play';
const SESSION = '/wps/house-games/originals/session';
const CHOICES = {
  TS_DICE: { game: 'dice', target: 5000, direction: 'over' },
  TS_LIMBO: { game: 'limbo', target: 200 },
  TS_WHEEL: { game: 'wheel', risk: 'medium', segments: 20 },
} as const;
type Code = keyof typeof CHOICES;
const playBody = (gameCode: Code, bet: string, extra: object = {}) => ({
  gameCode,
  bet,
  clientRoundId: randomUUID(),
  choice: CHOICES[gameCode],
  ...extra,
});

describe('house instant games: dice, limbo and the wheel', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const balanceOf = (memberId: bigint) =>
    new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId }).then((b) => b.available);

  /** Launches an instant game and exchanges its ticket at the instant games' session call. */
  async function openOriginal(member: Awaited<ReturnType<typeof fundedMember>>, gameCode: Code) {
    const launch = await post(
      '/wps/game/launchGame',
      { authorization: member.token },
      {
        gameId: gameCode,
        vassalage: 'TESSERA_RNG',
        launchMode: 'GLS',
        platform: 'html5-desktop',
      },
    );
    const url = new URL(launch.json().value.content.game_url, 'http://x');
    const res = await post(SESSION, {}, { ticket: url.searchParams.get('session') ?? '' });
    return { url, res, session: res.json().value, headers: { 'x-game-session': res.json().value?.sessionToken as string } };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('launches each game at the instant games page with its house edge, limits and auto-bet rule', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    for (const code of Object.keys(CHOICES) as Code[]) {
      const { url, res, session } = await openOriginal(member, code);
      expect(url.pathname).toBe('/house-games/originals/');
      expect(res.statusCode).toBe(200);
      expect(session).toMatchObject({
        gameCode: code,
        game: CHOICES[code].game,
        houseEdge: 0.01,
        limits: { minBet: '10', maxBet: '50000' },
        balance: '10000',
        minRoundMs: 0,
        autoBet: { allowed: true, maxRounds: 100 },
      });
    }
    // A slot's ticket opens no instant game.
    const slot = await openGame(t.app, member, 'TS_LOTUS_FORTUNE');
    expect((await post(SESSION, {}, { ticket: slot.ticket })).json().code).toBe('game.session.invalid');
  });

  it('plays a round of each through the ledger, records it and verifies it once the seed is revealed', async () => {
    const member = await fundedMember(t.db.kysely, 100_000n);
    let expected = 100_000n;
    for (const [nonce, code] of (Object.keys(CHOICES) as Code[]).entries()) {
      const { headers } = await openOriginal(member, code);
      const res = await post(PLAY, headers, playBody(code, '1000'));
      expect(res.statusCode).toBe(200);
      const { round, balance, replayed } = res.json().value;
      expect(replayed).toBe(false);
      expect(round).toMatchObject({ gameCode: code, engineGame: CHOICES[code].game, bet: '1000', nonce });
      expect(round.outcome).toMatchObject(CHOICES[code]);
      expected += BigInt(round.win) - 1000n;
      expect(balance).toBe(expected.toString());
      expect(await balanceOf(member.id)).toBe(expected);
    }
    const { headers } = await openOriginal(member, 'TS_WHEEL');
    const played = (await post(PLAY, headers, playBody('TS_WHEEL', '333'))).json().value.round;
    const sealed = await t.app.inject({
      method: 'GET',
      url: `/wps/house-games/rounds/verify?roundId=${played.roundId}`,
      headers,
    });
    expect(sealed.json().value).toMatchObject({ serverSeed: null, verified: null });
    const rotated = await post('/wps/house-games/fairness/rotate', headers, {});
    const serverSeed = rotated.json().value.revealed.serverSeed as string;
    const verified = await t.app.inject({
      method: 'GET',
      url: `/wps/house-games/rounds/verify?roundId=${played.roundId}`,
      headers,
    });
    expect(verified.json().value).toMatchObject({ serverSeed, verified: true, recomputed: played.outcome });
    // The test's own replay agrees, win included.
    const outcome = replayOriginal(
      new FairStream({ serverSeed, clientSeed: played.clientSeed, nonce: played.nonce }),
      CHOICES.TS_WHEEL,
    );
    expect(outcome).toEqual(played.outcome);
    expect(originalWin(outcome, 333n).toString()).toBe(played.win);
    // The betting record lists the rounds with the slots' (house rounds are its source).
    const day = 24 * 3600_000;
    const record = await t.app.inject({
      method: 'GET',
      url: `/wps/member/records/bets?startTime=${Date.now() - day}&endTime=${Date.now() + day}`,
      headers: { authorization: member.token, language: 'en' },
    });
    const rows = record.json().value.content as { gameCode: string; gameName: string; betMinor: string; verifiable: boolean }[];
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ gameCode: 'TS_WHEEL', gameName: 'Wheel', betMinor: '333', verifiable: true });
    expect(record.json().value.summary).toMatchObject({ betMinor: '3333', rounds: 4 });
  });

  it('answers a retried client round id with the same round, and a changed choice with a conflict', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { headers } = await openOriginal(member, 'TS_DICE');
    const body = playBody('TS_DICE', '500');
    const first = (await post(PLAY, headers, body)).json().value;
    const again = (await post(PLAY, headers, body)).json().value;
    expect(again).toMatchObject({ replayed: true, round: { roundId: first.round.roundId } });
    const changed = await post(PLAY, headers, { ...body, choice: { game: 'dice', target: 4000, direction: 'over' } });
    expect(changed.json().code).toBe('game.round.conflict');
    expect(await balanceOf(member.id)).toBe(10_000n - 500n + BigInt(first.round.win));
  });

  it('refuses bets and choices outside the rules with a 4xx, and another game on the session', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { headers } = await openOriginal(member, 'TS_DICE');
    const low = await post(PLAY, headers, playBody('TS_DICE', '9'));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'game.bet.invalid',
      value: { fields: [{ params: { minMinor: '10', maxMinor: '50000' } }] },
    });
    expect((await post(PLAY, headers, playBody('TS_DICE', '50001'))).json().code).toBe('game.bet.invalid');
    const tooLikely = await post(PLAY, headers, {
      ...playBody('TS_DICE', '100'),
      choice: { game: 'dice', target: 100, direction: 'over' },
    });
    expect(tooLikely.statusCode).toBe(400);
    expect(tooLikely.json().code).toBe('game.choice.invalid');
    const wrongGame = await post(PLAY, headers, { ...playBody('TS_DICE', '100'), choice: CHOICES.TS_LIMBO });
    expect(wrongGame.json().code).toBe('game.choice.invalid');
    const badLimbo = await post(
      PLAY,
      { authorization: member.token },
      { ...playBody('TS_LIMBO', '100'), choice: { game: 'limbo', target: 100 } },
    );
    expect(badLimbo.statusCode).toBe(400);
    expect((await post(PLAY, headers, playBody('TS_LIMBO', '100'))).json().code).toBe('game.session.invalid');
    expect(await balanceOf(member.id)).toBe(10_000n);
  });

  it("refuses auto-bet rounds where the merchant's market forbids auto-play, and says so at the session", async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    await t.settings.update(DEMO_MERCHANT, 'games', (games) => ({ ...games, autoBet: false, minSlotRoundMs: 1000 }), 'test');
    try {
      const { session, headers } = await openOriginal(member, 'TS_LIMBO');
      expect(session).toMatchObject({ autoBet: { allowed: false }, minRoundMs: 1000 });
      const auto = await post(PLAY, headers, playBody('TS_LIMBO', '100', { auto: true }));
      expect(auto.statusCode).toBe(403);
      expect(auto.json().code).toBe('game.autobet.forbidden');
      expect((await post(PLAY, headers, playBody('TS_LIMBO', '100', { auto: false }))).statusCode).toBe(200);
    } finally {
      await t.settings.update(DEMO_MERCHANT, 'games', () => ({ minSlotRoundMs: 0, autoBet: true }), 'test');
    }
    const { headers } = await openOriginal(member, 'TS_LIMBO');
    expect((await post(PLAY, headers, playBody('TS_LIMBO', '100', { auto: true }))).statusCode).toBe(200);
  });

  it('refuses more than the balance and plays nothing for a member without money', async () => {
    const member = await fundedMember(t.db.kysely, 50n);
    const { headers } = await openOriginal(member, 'TS_WHEEL');
    const res = await post(PLAY, headers, playBody('TS_WHEEL', '100'));
    expect(res.json().code).toBe('wallet.insufficient.funds');
    expect(await balanceOf(member.id)).toBe(50n);
  });
});

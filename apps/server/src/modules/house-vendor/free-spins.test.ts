import { FairStream } from '@tessera/house-engine/rng/fair';
import { spin } from '@tessera/house-engine/slots/engine';
import { bengalTiger } from '@tessera/house-engine/slots/games/bengal-tiger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { fundedMember, openGame, spinBody } from './test/kit.js';

const TIGER = 'TS_BENGAL_TIGER';
const SPIN = '/wps/house-games/slots/spin';
const BET = 200n;

describe('house slots: a free-spins feature with retriggers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Moves the member's seed to the first nonce whose round retriggers its free spins; answers that round. */
  async function aimAtRetrigger(memberId: bigint) {
    const seed = await t.db.kysely
      .selectFrom('house_seeds')
      .select(['id', 'server_seed', 'client_seed'])
      .where('member_id', '=', memberId)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    for (let nonce = 0; ; nonce++) {
      const round = spin(bengalTiger, new FairStream({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }), BET);
      if (round.freeSpins.length > (bengalTiger.freeSpins?.spins ?? 0)) {
        await t.db.kysely
          .updateTable('house_seeds')
          .set({ next_nonce: BigInt(nonce) })
          .where('id', '=', seed.id)
          .execute();
        return round;
      }
    }
  }

  const memberTransfers = (memberId: bigint, kind: 'bet' | 'win') =>
    t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['amount', 'cause_id'])
      .where('cause_type', '=', 'game_round')
      .where('kind', '=', kind)
      .where(kind === 'bet' ? 'debit_account_id' : 'credit_account_id', 'in', (eb) =>
        eb.selectFrom('ledger_accounts').select('id').where('owner_id', '=', memberId).where('kind', '=', 'member_main'),
      )
      .execute();

  it('plays every awarded and retriggered free spin in the paid round and settles it exactly once, retries and all', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const { gameSession, session } = await openGame(t.app, member, TIGER);
    expect(session.paytable.freeSpins).toEqual({
      minScatters: 3,
      spins: 10,
      multiplier: 3,
      retrigger: { minScatters: 3, spins: 5, maxSpins: 50 },
    });
    const expected = await aimAtRetrigger(member.id);
    const headers = { 'x-game-session': gameSession };
    const body = spinBody(TIGER, BET.toString());
    // The same round asked for five times at once (a client retrying a slow answer): one bet, one win.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: SPIN, headers, payload: body })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rounds = answers.map((res) => res.json().value.round);
    expect(new Set(rounds.map((round) => round.roundId)).size).toBe(1);
    expect(answers.filter((res) => res.json().value.replayed === false)).toHaveLength(1);
    const round = rounds[0];
    expect(round.outcome.freeSpins).toHaveLength(expected.freeSpins.length);
    expect(round.win).toBe(expected.totalWin.toString());
    expect(round.outcome.freeSpins.every((free: { multiplier: number }) => free.multiplier === 3)).toBe(true);

    const balance = await new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect(balance.available).toBe(10_000n - BET + expected.totalWin);
    const bets = await memberTransfers(member.id, 'bet');
    const wins = await memberTransfers(member.id, 'win');
    expect(bets.map((b) => [BigInt(b.amount), b.cause_id])).toEqual([[BET, round.roundId]]);
    expect(wins.map((w) => [BigInt(w.amount), w.cause_id])).toEqual(
      expected.totalWin > 0n ? [[expected.totalWin, round.roundId]] : [],
    );

    // A reload fetches the round again (to show the rest of the feature): the same outcome, nothing paid again.
    const verify = await t.app.inject({ method: 'GET', url: `/wps/house-games/rounds/verify?roundId=${round.roundId}`, headers });
    expect(verify.json().value.round).toEqual(round);
    expect((await memberTransfers(member.id, 'win')).length).toBe(wins.length);
  });
});

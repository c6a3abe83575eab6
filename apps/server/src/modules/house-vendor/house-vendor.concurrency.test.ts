import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { HouseVendor } from './service.js';
import { fundedMember, spinBody } from './test/kit.js';

const LOTUS = 'TS_LOTUS_FORTUNE';
const SPIN = '/wps/house-games/slots/spin';
/** PGlite runs one statement at a time; PostgreSQL shows the real lock contention. */
const SPINS = process.env.TEST_DB === 'postgres' ? 40 : 12;

describe('house slots under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("never reuses a nonce nor overdraws when one member's spins arrive at once", async () => {
    // Enough for about half the spins: the rest must be refused, whatever the wins.
    const member = await fundedMember(t.db.kysely, BigInt(SPINS) * 100n);
    const headers = { authorization: member.token };
    const answers = await Promise.all(
      Array.from({ length: SPINS }, () => t.app.inject({ method: 'POST', url: SPIN, headers, payload: spinBody(LOTUS, '200') })),
    );
    const played = answers.filter((res) => res.statusCode === 200).map((res) => res.json().value.round);
    const refused = answers.filter((res) => res.statusCode !== 200).map((res) => res.json().code);
    expect(new Set(refused)).toEqual(refused.length > 0 ? new Set(['wallet.insufficient.funds']) : new Set());
    expect(played.length).toBeGreaterThan(0);
    const nonces = played.map((round) => round.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: played.length }, (_, i) => i));
    const net = played.reduce((sum, round) => sum + BigInt(round.win) - BigInt(round.bet), 0n);
    const balance = await new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect(balance.available).toBe(BigInt(SPINS) * 100n + net);
    expect(balance.available).toBeGreaterThanOrEqual(0n);
  });

  it("plays from the member's seed as it is, though another instance moved it since this one's last spin", async () => {
    const member = await fundedMember(t.db.kysely, 100_000n);
    const ledger = new Ledger(t.db.kysely);
    const [first, second] = [new HouseVendor(t.db.kysely, ledger), new HouseVendor(t.db.kysely, ledger)];
    const spinOn = async (house: HouseVendor) => (await house.spin(member.merchantCode, member.id, spinBody(LOTUS, '200'))).round;
    expect((await spinOn(first)).nonce).toBe(0);
    expect((await spinOn(second)).nonce).toBe(1);
    expect((await spinOn(first)).nonce).toBe(2);
    const { fairness } = await second.rotate(member.merchantCode, member.id, 'chosen-by-player');
    expect(await spinOn(first)).toMatchObject({ nonce: 0, commitment: fairness.commitment, clientSeed: 'chosen-by-player' });
    await second.setClientSeed(member.merchantCode, member.id, 'changed-again');
    expect(await spinOn(first)).toMatchObject({ nonce: 1, commitment: fairness.commitment, clientSeed: 'changed-again' });
  });

  it('answers one round to a retry storm of the same client round id', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const body = spinBody(LOTUS, '200');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: SPIN, headers: { authorization: member.token }, payload: body }),
      ),
    );
    const rounds = new Set(answers.map((res) => res.json().value.round.roundId));
    expect(rounds.size).toBe(1);
    expect(answers.filter((res) => res.json().value.replayed === false)).toHaveLength(1);
  });

  it('lets different members spin in parallel, each on its own nonce sequence', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => fundedMember(t.db.kysely, 10_000n)));
    const answers = await Promise.all(
      members.flatMap((member) =>
        Array.from({ length: 4 }, () =>
          t.app.inject({ method: 'POST', url: SPIN, headers: { authorization: member.token }, payload: spinBody(LOTUS, '200') }),
        ),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    for (const member of members) {
      const rounds = await t.db.kysely.selectFrom('house_rounds').select('nonce').where('member_id', '=', member.id).execute();
      expect(rounds.map((r) => Number(r.nonce)).sort()).toEqual([0, 1, 2, 3]);
    }
  });

  it('settles every spin when many members spin at once, though bets and wins meet on house shards', async () => {
    // A spin's bet and win lock two house shards picked at random: two spins can wait on each other's shard,
    // and PostgreSQL then aborts one (deadlock). The player must still get an answer, never a 500.
    const members = await Promise.all(Array.from({ length: 32 }, () => fundedMember(t.db.kysely, 1_000_000n)));
    const perMember = SPINS / 4;
    const codes: string[] = [];
    await Promise.all(
      members.map(async (member) => {
        for (let i = 0; i < perMember; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: SPIN,
            headers: { authorization: member.token },
            payload: spinBody(LOTUS, '2000'),
          });
          if (res.statusCode !== 200) codes.push(`${res.statusCode} ${res.json().code}`);
        }
      }),
    );
    expect(codes).toEqual([]);
    const ledger = new Ledger(t.db.kysely);
    for (const member of members) {
      const rounds = await t.db.kysely
        .selectFrom('house_rounds')
        .select(['bet', 'win'])
        .where('member_id', '=', member.id)
        .execute();
      expect(rounds).toHaveLength(perMember);
      const net = rounds.reduce((sum, r) => sum + r.win - r.bet, 0n);
      expect((await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id })).available).toBe(
        1_000_000n + net,
      );
    }
  });
});

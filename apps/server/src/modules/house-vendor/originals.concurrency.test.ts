import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { fundedMember } from './test/kit.js';

const PLAY = '/wps/house-games/originals/play';
const BETS = 20;

describe('house instant games under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`never overspends nor reuses a nonce when ${BETS} bets of one member arrive at once`, async () => {
    // Enough for half the bets: limbo at ×10,000 wins one round in 10,101, so the other half must be refused.
    const member = await fundedMember(t.db.kysely, 1_000n);
    const headers = { authorization: member.token };
    const answers = await Promise.all(
      Array.from({ length: BETS }, () =>
        t.app.inject({
          method: 'POST',
          url: PLAY,
          headers,
          payload: {
            gameCode: 'TS_LIMBO',
            bet: '100',
            clientRoundId: randomUUID(),
            choice: { game: 'limbo', target: 1_000_000 },
          },
        }),
      ),
    );
    const played = answers.filter((res) => res.statusCode === 200).map((res) => res.json().value.round);
    const refused = answers.filter((res) => res.statusCode !== 200).map((res) => res.json().code);
    expect(new Set(refused)).toEqual(played.length < BETS ? new Set(['wallet.insufficient.funds']) : new Set());
    expect(played.length).toBeGreaterThanOrEqual(10);
    const nonces = played.map((round) => round.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: played.length }, (_, i) => i));
    const net = played.reduce((sum, round) => sum + BigInt(round.win) - BigInt(round.bet), 0n);
    const balance = await new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect(balance.available).toBe(1_000n + net);
    expect(balance.available).toBeGreaterThanOrEqual(0n);
    const stored = await t.db.kysely.selectFrom('house_rounds').select('id').where('member_id', '=', member.id).execute();
    expect(stored).toHaveLength(played.length);
  });
});

import type { Fast3Bet, LotteryBet, SeaBet, VnBet } from '@tessera/contract/api/lottery';
import { settleFast3 } from '@tessera/house-engine/lottery/fast3';
import { settleSea } from '@tessera/house-engine/lottery/sea';
import { settleVn } from '@tessera/house-engine/lottery/vn';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { drawNow, FAST3, fundedMember, openDraw, SEA, slip, VN } from './test/kit.js';

const digit = fc.integer({ min: 0, max: 9 });
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));
const position = fc.integer({ min: 0, max: 4 });
const bigSmall = fc.constantFrom('big' as const, 'small' as const);
const oddEven = fc.constantFrom('odd' as const, 'even' as const);

const seaBet: fc.Arbitrary<SeaBet> = fc.oneof(
  fc.record({ type: fc.constant('digit' as const), position, digit }),
  fc.record({ type: fc.constant('bigSmall' as const), position, pick: bigSmall }),
  fc.record({ type: fc.constant('oddEven' as const), position, pick: oddEven }),
  fc.record({ type: fc.constant('sumBigSmall' as const), pick: bigSmall }),
  fc.record({ type: fc.constant('sumOddEven' as const), pick: oddEven }),
  fc.record({ type: fc.constant('last2' as const), number: digits(2) }),
  fc.record({ type: fc.constant('last3' as const), number: digits(3) }),
);
const vnBet: fc.Arbitrary<VnBet> = fc.oneof(
  fc.record({ type: fc.constantFrom('lo2' as const, 'de2' as const), number: digits(2) }),
  fc.record({ type: fc.constantFrom('lo3' as const, 'de3' as const), number: digits(3) }),
  fc.record({ type: fc.constantFrom('head' as const, 'tail' as const), digit }),
);
const fast3Bet: fc.Arbitrary<Fast3Bet> = fc.oneof(
  fc.record({ type: fc.constant('bigSmall' as const), pick: bigSmall }),
  fc.record({ type: fc.constant('oddEven' as const), pick: oddEven }),
  fc.record({ type: fc.constant('sum' as const), sum: fc.integer({ min: 4, max: 17 }) }),
  fc.record({ type: fc.constant('anyTriple' as const) }),
  fc.record({ type: fc.constant('triple' as const), face: fc.integer({ min: 1, max: 6 }) }),
);

/** house-engine's own settle function per game: what every stored payout must equal. */
const SETTLE: Record<string, (bet: LotteryBet, stake: bigint, result: unknown) => bigint> = {
  [SEA]: (bet, stake, result) => settleSea({ bet: bet as SeaBet, stake }, result as never),
  [VN]: (bet, stake, result) => settleVn({ bet: bet as VnBet, stake }, result as never),
  [FAST3]: (bet, stake, result) => settleFast3({ bet: bet as Fast3Bet, stake }, result as never),
};

const stake = fc.integer({ min: 100, max: 500_000 }).map(String);
const slipsOf = <B extends LotteryBet>(bet: fc.Arbitrary<B>) =>
  fc.array(fc.array(fc.record({ bet, stake }), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 });
const scenario = fc.oneof(
  fc.record({ game: fc.constant(SEA), slips: slipsOf(seaBet) }),
  fc.record({ game: fc.constant(VN), slips: slipsOf(vnBet) }),
  fc.record({ game: fc.constant(FAST3), slips: slipsOf(fast3Bet) }),
);

describe('lottery settlement properties', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stores house-engine's payout for every ticket and moves exactly the stakes and payouts through the ledger", async () => {
    const ledger = new Ledger(t.db.kysely);
    await fc.assert(
      fc.asyncProperty(scenario, async ({ game, slips }) => {
        const draw = await openDraw(t, game);
        const members = await Promise.all(slips.map(() => fundedMember(t.db.kysely, 10_000_000n)));
        for (const [i, bets] of slips.entries()) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/wps/lottery/slips',
            headers: { authorization: members[i]?.token ?? '' },
            payload: slip(game, draw.drawId, bets),
          });
          expect(res.statusCode).toBe(200);
        }
        await drawNow(t.db.kysely, draw.drawId);
        const drawn = await t.db.kysely
          .selectFrom('lottery_draws')
          .select(['result', 'payout_total'])
          .where('id', '=', BigInt(draw.drawId))
          .executeTakeFirstOrThrow();
        const tickets = await t.db.kysely
          .selectFrom('lottery_tickets')
          .selectAll()
          .where('draw_id', '=', BigInt(draw.drawId))
          .execute();
        let paid = 0n;
        for (const ticket of tickets) {
          const expected = SETTLE[game]?.(ticket.bet as LotteryBet, ticket.stake, drawn.result) ?? -1n;
          expect(ticket.payout).toBe(expected);
          expect(ticket.status).toBe(expected > 0n ? 'won' : 'lost');
          paid += expected;
        }
        expect(drawn.payout_total).toBe(paid);
        const { rows } = await sql<{ kind: string; total: string }>`
          SELECT kind, sum(amount)::text AS total FROM ledger_transfers
          WHERE cause_type = 'game_round' AND cause_id = ${draw.drawId} AND memo->>'vendor' LIKE 'TESSERA_%LOTT'
          GROUP BY kind`.execute(t.db.kysely);
        const totals = Object.fromEntries(rows.map((row) => [row.kind, BigInt(row.total)]));
        const staked = tickets.reduce((sum, ticket) => sum + ticket.stake, 0n);
        expect(totals.bet).toBe(staked);
        expect(totals.win ?? 0n).toBe(paid);
        for (const [i, member] of members.entries()) {
          const own = tickets.filter((ticket) => ticket.member_id === member.id);
          const net = own.reduce((sum, ticket) => sum + ticket.payout - ticket.stake, 0n);
          expect((await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id })).available).toBe(
            10_000_000n + net,
          );
          expect(own).toHaveLength(slips[i]?.length ?? 0);
        }
      }),
      { numRuns: 8, verbose: true },
    );
  }, 120_000);
});

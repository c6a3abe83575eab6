import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairStream, replayRound } from '../rng/fair.js';
import { drawFast3, type Fast3Bet, type Fast3Result, fast3Odds, fast3Wins, settleFast3 } from './fast3.js';
import { drawSea, SEA_ODDS, type SeaBet, type SeaResult, seaWins, settleSea } from './sea.js';
import { payout, settleAll } from './ticket.js';
import { drawVn, settleVn, VN_ODDS, VN_SHEET, type VnBet, type VnResult, vnHits } from './vn.js';

const SEEDS = { serverSeed: 'cd'.repeat(32), clientSeed: 'draw-2026-11-21-1200', nonce: 0 };
const stake = fc.bigInt({ min: 1n, max: 10n ** 12n });
const digit = fc.integer({ min: 0, max: 9 });
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));
const position = fc.integer({ min: 0, max: 4 });

const seaBet: fc.Arbitrary<SeaBet> = fc.oneof(
  fc.record({ type: fc.constant('digit' as const), position, digit }),
  fc.record({ type: fc.constant('bigSmall' as const), position, pick: fc.constantFrom('big' as const, 'small' as const) }),
  fc.record({ type: fc.constant('oddEven' as const), position, pick: fc.constantFrom('odd' as const, 'even' as const) }),
  fc.record({ type: fc.constant('sumBigSmall' as const), pick: fc.constantFrom('big' as const, 'small' as const) }),
  fc.record({ type: fc.constant('sumOddEven' as const), pick: fc.constantFrom('odd' as const, 'even' as const) }),
  fc.record({ type: fc.constant('last2' as const), number: digits(2) }),
  fc.record({ type: fc.constant('last3' as const), number: digits(3) }),
);
const seaResult: fc.Arbitrary<SeaResult> = fc.array(digit, { minLength: 5, maxLength: 5 }).map((d) => ({ digits: d }));

const vnBet: fc.Arbitrary<VnBet> = fc.oneof(
  fc.record({ type: fc.constantFrom('lo2' as const, 'de2' as const), number: digits(2) }),
  fc.record({ type: fc.constantFrom('lo3' as const, 'de3' as const), number: digits(3) }),
  fc.record({ type: fc.constantFrom('head' as const, 'tail' as const), digit }),
);
const vnResult: fc.Arbitrary<VnResult> = fc
  .tuple(...VN_SHEET.map(({ count, digits: n }) => fc.array(digits(n), { minLength: count, maxLength: count })))
  .map((tiers) => ({ prizes: VN_SHEET.map(({ tier }, i) => ({ tier, numbers: tiers[i] ?? [] })) }));

const face = fc.integer({ min: 1, max: 6 });
const fast3Bet: fc.Arbitrary<Fast3Bet> = fc.oneof(
  fc.record({ type: fc.constant('bigSmall' as const), pick: fc.constantFrom('big' as const, 'small' as const) }),
  fc.record({ type: fc.constant('oddEven' as const), pick: fc.constantFrom('odd' as const, 'even' as const) }),
  fc.record({ type: fc.constant('sum' as const), sum: fc.integer({ min: 4, max: 17 }) }),
  fc.record({ type: fc.constant('anyTriple' as const) }),
  fc.record({ type: fc.constant('triple' as const), face }),
);
const fast3Result: fc.Arbitrary<Fast3Result> = fc.tuple(face, face, face).map((dice) => ({ dice }));

/** Shared properties of a lottery's settlement. */
function settlementProperties<B, R>(
  name: string,
  bet: fc.Arbitrary<B>,
  result: fc.Arbitrary<R>,
  settle: (ticket: { bet: B; stake: bigint }, result: R) => bigint,
  oddsOf: (bet: B) => number,
  hitsOf: (bet: B, result: R) => number,
) {
  describe(`${name} settlement`, () => {
    it('never pays a negative amount, and pays exactly stake × odds × hits (rounded down)', () => {
      fc.assert(
        fc.property(bet, result, stake, (b, r, s) => {
          const paid = settle({ bet: b, stake: s }, r);
          const hits = hitsOf(b, r);
          expect(paid >= 0n).toBe(true);
          expect(paid).toBe((s * BigInt(oddsOf(b)) * BigInt(hits)) / 100n);
          if (hits > 0) expect(paid >= s).toBe(true);
        }),
      );
    });

    it('settles a batch the same in any order', () => {
      fc.assert(
        fc.property(fc.array(fc.record({ bet, stake }), { maxLength: 30 }), result, fc.nat(), (tickets, r, seed) => {
          const shuffled = tickets
            .map((ticket, i) => ({ ticket, key: (i * 2_654_435_761 + seed) % 4_294_967_291 }))
            .sort((a, b) => a.key - b.key)
            .map((x) => x.ticket);
          const inOrder = settleAll(tickets, r, settle);
          const reordered = settleAll(shuffled, r, settle);
          expect(reordered.total).toBe(inOrder.total);
          const payoutOf = new Map(tickets.map((t, i) => [t, inOrder.payouts[i]]));
          shuffled.forEach((t, i) => {
            expect(reordered.payouts[i]).toBe(payoutOf.get(t));
          });
        }),
      );
    });
  });
}

settlementProperties(
  'SEA 5D',
  seaBet,
  seaResult,
  settleSea,
  (b) => SEA_ODDS[b.type],
  (b, r) => (seaWins(b, r) ? 1 : 0),
);
settlementProperties('VN', vnBet, vnResult, settleVn, (b) => VN_ODDS[b.type], vnHits);
settlementProperties('Fast 3', fast3Bet, fast3Result, settleFast3, fast3Odds, (b, r) => (fast3Wins(b, r) ? 1 : 0));

describe('draws', () => {
  it('are re-computable from the draw seeds and well-formed', () => {
    const sea = replayRound(SEEDS, drawSea);
    expect(replayRound(SEEDS, drawSea)).toEqual(sea);
    expect(sea.digits).toHaveLength(5);
    const vn = replayRound(SEEDS, drawVn);
    expect(replayRound(SEEDS, drawVn)).toEqual(vn);
    expect(vn.prizes.map((p) => p.numbers.length)).toEqual(VN_SHEET.map((t) => t.count));
    vn.prizes.forEach((p, i) => {
      for (const n of p.numbers) expect(n).toMatch(new RegExp(`^[0-9]{${VN_SHEET[i]?.digits}}$`));
    });
    expect(vn.prizes.flatMap((p) => p.numbers)).toHaveLength(27);
    const dice = replayRound(SEEDS, drawFast3).dice;
    expect(dice.every((d) => d >= 1 && d <= 6)).toBe(true);
    expect(replayRound({ ...SEEDS, nonce: 1 }, drawVn)).not.toEqual(vn);
  });
});

describe('worked examples', () => {
  it('pays lô 2 số once per number on the sheet ending in the pick', () => {
    const result: VnResult = {
      prizes: VN_SHEET.map(({ tier, count, digits: n }) => ({ tier, numbers: Array(count).fill('1'.repeat(n)) })),
    };
    result.prizes[0] = { tier: 'special', numbers: ['12345'] };
    result.prizes[7] = { tier: 'seventh', numbers: ['45', '45', '07', '11'] };
    expect(settleVn({ bet: { type: 'lo2', number: '45' }, stake: 1000n }, result)).toBe(3n * 3600n);
    expect(settleVn({ bet: { type: 'de2', number: '45' }, stake: 1000n }, result)).toBe(98_000n);
    expect(settleVn({ bet: { type: 'de3', number: '345' }, stake: 10n }, result)).toBe(9800n);
    expect(settleVn({ bet: { type: 'head', digit: 4 }, stake: 100n }, result)).toBe(980n);
    expect(settleVn({ bet: { type: 'tail', digit: 4 }, stake: 100n }, result)).toBe(0n);
    expect(settleVn({ bet: { type: 'lo2', number: '4' }, stake: 100n }, result)).toBe(0n);
  });

  it('pays SEA bets on positions and on the sum', () => {
    const result = { digits: [9, 0, 5, 4, 7] }; // sum 25: big, odd
    expect(settleSea({ bet: { type: 'digit', position: 0, digit: 9 }, stake: 100n }, result)).toBe(980n);
    expect(settleSea({ bet: { type: 'bigSmall', position: 1, pick: 'small' }, stake: 101n }, result)).toBe(197n);
    expect(settleSea({ bet: { type: 'sumBigSmall', pick: 'big' }, stake: 100n }, result)).toBe(196n);
    expect(settleSea({ bet: { type: 'sumOddEven', pick: 'even' }, stake: 100n }, result)).toBe(0n);
    expect(settleSea({ bet: { type: 'last3', number: '547' }, stake: 1n }, result)).toBe(980n);
    expect(settleSea({ bet: { type: 'digit', position: 5, digit: 1 }, stake: 100n }, result)).toBe(0n);
  });

  it('loses big/small and odd/even on triples in Fast 3', () => {
    const triple = { dice: [4, 4, 4] as [number, number, number] };
    expect(settleFast3({ bet: { type: 'bigSmall', pick: 'big' }, stake: 100n }, triple)).toBe(0n);
    expect(settleFast3({ bet: { type: 'oddEven', pick: 'even' }, stake: 100n }, triple)).toBe(0n);
    expect(settleFast3({ bet: { type: 'triple', face: 4 }, stake: 100n }, triple)).toBe(20_700n);
    expect(settleFast3({ bet: { type: 'anyTriple' }, stake: 100n }, triple)).toBe(3450n);
    expect(settleFast3({ bet: { type: 'sum', sum: 3 }, stake: 100n }, triple)).toBe(0n);
  });
});

describe('house edge', () => {
  const rtpOver = <B, R>(outcomes: R[], bet: B, settle: (t: { bet: B; stake: bigint }, r: R) => bigint) =>
    outcomes.reduce((sum, r) => sum + Number(settle({ bet, stake: 10_000n }, r)), 0) / (outcomes.length * 10_000);

  it('returns 95–98 % on every Fast 3 bet, exactly over all 216 outcomes', () => {
    const outcomes: Fast3Result[] = [];
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) outcomes.push({ dice: [a, b, c] });
    const bets: Fast3Bet[] = [
      { type: 'bigSmall', pick: 'big' },
      { type: 'bigSmall', pick: 'small' },
      { type: 'oddEven', pick: 'odd' },
      { type: 'oddEven', pick: 'even' },
      { type: 'anyTriple' },
      ...Array.from({ length: 6 }, (_, i) => ({ type: 'triple' as const, face: i + 1 })),
      ...Array.from({ length: 14 }, (_, i) => ({ type: 'sum' as const, sum: i + 4 })),
    ];
    for (const bet of bets) {
      const rtp = rtpOver(outcomes, bet, settleFast3);
      expect(rtp, JSON.stringify(bet)).toBeGreaterThan(0.95);
      expect(rtp, JSON.stringify(bet)).toBeLessThan(0.98);
    }
  });

  it('returns 98 % on every SEA 5D bet, exactly over all 100,000 outcomes', () => {
    const outcomes = Array.from({ length: 100_000 }, (_, n) => ({ digits: String(n).padStart(5, '0').split('').map(Number) }));
    const bets: SeaBet[] = [
      { type: 'digit', position: 2, digit: 7 },
      { type: 'bigSmall', position: 4, pick: 'small' },
      { type: 'oddEven', position: 0, pick: 'odd' },
      { type: 'sumBigSmall', pick: 'big' },
      { type: 'sumBigSmall', pick: 'small' },
      { type: 'sumOddEven', pick: 'even' },
      { type: 'last2', number: '07' },
      { type: 'last3', number: '999' },
    ];
    for (const bet of bets) expect(rtpOver(outcomes, bet, settleSea), bet.type).toBeCloseTo(0.98, 10);
  });

  it('pays lô 2 số on the expected 27 chances per 100', () => {
    const stream = new FairStream({ ...SEEDS, clientSeed: 'lo2' });
    let hits = 0;
    const sheets = 2000;
    for (let i = 0; i < sheets; i++) hits += vnHits({ type: 'lo2', number: '38' }, drawVn(stream));
    // 27 × 2000 / 100 = 540 expected hits, standard deviation ≈ 23.
    expect(hits).toBeGreaterThan(540 - 5 * 23);
    expect(hits).toBeLessThan(540 + 5 * 23);
  });
});

it('rounds payouts down to the minor unit and never pays a non-positive stake', () => {
  expect(payout(101n, 196, 1)).toBe(197n);
  expect(payout(0n, 196, 1)).toBe(0n);
  expect(payout(-100n, 196, 1)).toBe(0n);
  expect(payout(100n, 196, 0)).toBe(0n);
});

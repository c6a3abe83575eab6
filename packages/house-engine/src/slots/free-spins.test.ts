import { describe, expect, it } from 'vitest';
import { FairStream } from '../rng/fair.js';
import { compileSlot, playUnits, spin } from './engine.js';
import { awardedAfter } from './free-spins.js';
import { bengalTiger } from './games/bengal-tiger.js';
import { lotusFortune } from './games/lotus-fortune.js';
import { exactRtp, expectedFreeSpins, rtpByStops } from './rtp.js';
import type { FreeSpinsRule, SlotGame } from './types.js';

const RULE: FreeSpinsRule = { minScatters: 3, spins: 10, multiplier: 3, retrigger: { minScatters: 3, spins: 5, maxSpins: 20 } };

/** E[free spins] by the plain recursion over (awarded, played) in floating point: an independent check. */
function expectedByRecursion(rule: FreeSpinsRule, p: number): number {
  const memo = new Map<string, number>();
  const e = (awarded: number, played: number): number => {
    if (played >= awarded) return 0;
    const key = `${awarded}/${played}`;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    const value =
      1 + p * e(awardedAfter(rule, awarded, rule.retrigger?.minScatters ?? 0), played + 1) + (1 - p) * e(awarded, played + 1);
    memo.set(key, value);
    return value;
  };
  return e(rule.spins, 0);
}

describe('free-spin retrigger', () => {
  it('adds the retrigger spins for enough scatters, never beyond the cap', () => {
    expect(awardedAfter(RULE, 10, 2)).toBe(10);
    expect(awardedAfter(RULE, 10, 3)).toBe(15);
    expect(awardedAfter(RULE, 15, 5)).toBe(20);
    expect(awardedAfter(RULE, 20, 3)).toBe(20);
    expect(awardedAfter({ ...RULE, retrigger: undefined }, 10, 5)).toBe(10);
  });

  it('counts the expected free spins exactly, as the recursion does', () => {
    const combos = 1000n;
    for (const q of [0n, 1n, 37n, 400n, 1000n]) {
      const scatter = new Map<number, bigint>([
        [0, combos - q],
        [3, q],
      ]);
      const exact = expectedFreeSpins(RULE, scatter, combos);
      const value = Number(exact.numerator) / Number(exact.denominator);
      expect(value).toBeCloseTo(expectedByRecursion(RULE, Number(q) / Number(combos)), 10);
    }
    expect(expectedFreeSpins(RULE, new Map([[3, 1n]]), 1n)).toEqual({ numerator: 20n, denominator: 1n });
    expect(expectedFreeSpins({ ...RULE, retrigger: undefined }, new Map([[3, 1n]]), 1n)).toEqual({
      numerator: 10n,
      denominator: 1n,
    });
  });

  it('plays retriggered spins in the same round, each awarded by the scatters before it', () => {
    const slot = compileSlot(bengalTiger);
    const rule = bengalTiger.freeSpins as FreeSpinsRule;
    let retriggered = 0;
    for (let nonce = 0; nonce < 30_000 && retriggered < 3; nonce++) {
      const round = playUnits(slot, new FairStream({ serverSeed: 'cd'.repeat(32), clientSeed: 'retrigger', nonce }));
      if (round.freeSpins.length === 0) continue;
      let awarded = rule.spins;
      round.freeSpins.forEach((free, played) => {
        expect(played).toBeLessThan(awarded);
        expect(free.multiplier).toBe(rule.multiplier);
        awarded = awardedAfter(rule, awarded, free.scatterCount);
      });
      expect(round.freeSpins).toHaveLength(awarded);
      expect(round.freeSpins.length).toBeLessThanOrEqual(rule.retrigger?.maxSpins ?? 0);
      if (awarded > rule.spins) retriggered++;
      expect(round.units).toBe(round.freeSpins.reduce((sum, s) => sum + s.units, round.base.units));
    }
    expect(retriggered).toBeGreaterThan(0);
  });

  it('settles a retriggered feature as one round: every free spin paid once, at the multiplier', () => {
    const slot = compileSlot(bengalTiger);
    let nonce = 0;
    const seeds = (n: number) => ({ serverSeed: 'cd'.repeat(32), clientSeed: 'retrigger', nonce: n });
    while (playUnits(slot, new FairStream(seeds(nonce))).freeSpins.length <= (bengalTiger.freeSpins?.spins ?? 0)) nonce++;
    const round = spin(bengalTiger, new FairStream(seeds(nonce)), 200n);
    expect(round.freeSpins.length).toBeGreaterThan(bengalTiger.freeSpins?.spins ?? 0);
    expect(round.totalWin).toBe(round.freeSpins.reduce((sum, s) => sum + s.win, round.base.win));
    for (const free of round.freeSpins) {
      for (const w of free.lineWins) expect(w.amount).toBe(BigInt(w.pays * 3) * round.lineBet);
    }
  });

  it('agrees with the brute force over every stop for a small game that retriggers', () => {
    const tiny: SlotGame = {
      ...lotusFortune,
      id: 'tiny-retrigger',
      rtp: 0,
      strips: [
        ['A', 'K', 'WILD', 'SCATTER', 'Q'],
        ['K', 'A', 'SCATTER', 'WILD', 'A'],
        ['A', 'WILD', 'K', 'Q', 'SCATTER'],
        ['Q', 'A', 'K', 'WILD', 'SCATTER'],
        ['SCATTER', 'A', 'K', 'Q', 'WILD'],
      ],
      symbols: lotusFortune.symbols.filter((s) => ['A', 'K', 'Q', 'WILD', 'SCATTER'].includes(s.id)),
      freeSpins: { minScatters: 3, spins: 4, multiplier: 2, retrigger: { minScatters: 4, spins: 2, maxSpins: 12 } },
    };
    const fast = exactRtp(tiny);
    expect(fast.exact).toEqual(rtpByStops(tiny).exact);
    expect(fast.expectedFreeSpins).toBeGreaterThan(4);
    expect(fast.expectedFreeSpins).toBeLessThan(12);
  });
});

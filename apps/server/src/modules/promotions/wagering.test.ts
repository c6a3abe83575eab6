import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversion, matchBonus, wageringRequired, weightedBet } from './wagering.js';

describe('bonus arithmetic', () => {
  it('matches a percent of the deposit up to the cap, nothing below the minimum deposit', () => {
    expect(matchBonus(50_000n, 100, 100_000n, 10_000n)).toBe(50_000n);
    expect(matchBonus(500_000n, 100, 100_000n, 10_000n)).toBe(100_000n);
    expect(matchBonus(9_999n, 100, 100_000n, 10_000n)).toBe(0n);
    expect(matchBonus(333n, 50, 100_000n, null)).toBe(166n);
  });

  it('requires N× the bonus or N× deposit and bonus', () => {
    expect(wageringRequired(20, 'bonus', 10_000n, 10_000n)).toBe(200_000n);
    expect(wageringRequired(20, 'deposit_bonus', 10_000n, 10_000n)).toBe(400_000n);
    expect(wageringRequired(0, 'bonus', 10_000n, null)).toBe(0n);
  });

  it('weights a bet by its category, excludes unlisted ones and bets above the maximum', () => {
    const weights = { RNG: 100, LOTT: 10 };
    expect(weightedBet(2_000n, 'RNG', weights, null)).toBe(2_000n);
    expect(weightedBet(2_000n, 'LOTT', weights, null)).toBe(200n);
    expect(weightedBet(2_000n, 'LIVE', weights, null)).toBe(0n);
    expect(weightedBet(2_000n, 'RNG', weights, 1_000n)).toBe(0n);
    expect(weightedBet(1_000n, 'RNG', weights, 1_000n)).toBe(1_000n);
    expect(weightedBet(15n, 'LOTT', weights, null)).toBe(1n);
  });

  it('converts at most the cap and returns the rest: nothing is created or lost', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n })), (balance, cap) => {
        const { toCash, toHouse } = conversion(balance, cap);
        expect(toCash + toHouse).toBe(balance);
        expect(toCash >= 0n && toHouse >= 0n).toBe(true);
        if (cap !== null) expect(toCash <= cap).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { autoContinues, autoRounds, minorFromText } from './auto-bet.js';

describe('auto-bet', () => {
  const plan = { rounds: 5, stopLoss: 1_000n, stopWin: 500n };

  it('ends at the count, at the loss limit or at the profit target, whichever comes first', () => {
    expect(autoContinues(plan, { played: 0, net: 0n })).toBe(true);
    expect(autoContinues(plan, { played: 4, net: -999n })).toBe(true);
    expect(autoContinues(plan, { played: 5, net: 0n })).toBe(false);
    expect(autoContinues(plan, { played: 2, net: -1_000n })).toBe(false);
    expect(autoContinues(plan, { played: 2, net: 500n })).toBe(false);
    expect(autoContinues({ rounds: 3, stopLoss: null, stopWin: null }, { played: 2, net: -1_000_000n })).toBe(true);
  });

  it('takes a whole count within 1 … the site limit, never unbounded', () => {
    expect(autoRounds('10', 100)).toBe(10);
    expect(autoRounds('0', 100)).toBeNull();
    expect(autoRounds('101', 100)).toBeNull();
    expect(autoRounds('', 100)).toBeNull();
    expect(autoRounds('2.5', 100)).toBeNull();
  });

  it('reads optional amounts in major units exactly', () => {
    expect(minorFromText('', 2)).toBeNull();
    expect(minorFromText('12.5', 2)).toBe(1250n);
    expect(minorFromText('3', 2)).toBe(300n);
    expect(minorFromText('1.234', 2)).toBeUndefined();
    expect(minorFromText('-1', 2)).toBeUndefined();
    expect(minorFromText('0', 2)).toBeUndefined();
  });
});

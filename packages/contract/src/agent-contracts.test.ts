import { describe, expect, it } from 'vitest';
import { isHigher, parseRate, tiersProblem, topRates, withinCeiling } from './agent-contracts.js';

const tier = (minValidBet: string, minActiveMembers: number, rate: number) => ({
  minValidBet,
  minLoss: '0',
  minActiveMembers,
  rate,
});

describe('agent contract rules', () => {
  it('accepts rising tiers and names what is wrong with others', () => {
    expect(tiersProblem('dividend', [tier('0', 1, 100), tier('5000', 1, 150), tier('5000', 3, 150)])).toBeNull();
    expect(tiersProblem('dividend', [])).toBe('contracts.problem.tier_count');
    expect(tiersProblem('dividend', [tier('0', 1, 0)])).toBe('contracts.problem.rate');
    expect(tiersProblem('dividend', [tier('0', 1, 10_001)])).toBe('contracts.problem.rate');
    expect(tiersProblem('dividend', [tier('-1', 1, 10)])).toBe('contracts.problem.threshold');
    expect(tiersProblem('dividend', [tier('100', 1, 100), tier('100', 1, 200)])).toBe('contracts.problem.tier_order');
    expect(tiersProblem('dividend', [tier('100', 1, 100), tier('50', 2, 200)])).toBe('contracts.problem.tier_order');
    expect(tiersProblem('dividend', [tier('100', 1, 200), tier('500', 1, 100)])).toBe('contracts.problem.tier_rates');
  });

  it('takes the top tier’s rates, each rate field on its own, for the ceiling and for “higher”', () => {
    const realTime = [
      { minSingleBet: '100', profitRate: 10, lossRate: 30 },
      { minSingleBet: '1000', profitRate: 20, lossRate: 30 },
    ];
    expect(topRates('realTimeSalary', realTime)).toEqual({ profitRate: 20, lossRate: 30 });
    expect(withinCeiling({ profitRate: 20, lossRate: 30 }, { profitRate: 20, lossRate: 29 })).toBe(false);
    expect(withinCeiling({ rate: 500 }, { rate: 500 })).toBe(true);
    expect(isHigher({ rate: 501 }, { rate: 500 })).toBe(true);
    expect(isHigher({ rate: 500 }, { rate: 500 })).toBe(false);
    expect(isHigher({ profitRate: 30, lossRate: 20 }, { profitRate: 20, lossRate: 30 })).toBe(false);
    expect(isHigher({ profitRate: 20, lossRate: 31 }, { profitRate: 20, lossRate: 30 })).toBe(true);
  });

  it('reads a typed per cent as basis points', () => {
    expect([parseRate('5'), parseRate('1.5'), parseRate('12,25'), parseRate('0.01')]).toEqual([500, 150, 1225, 1]);
    expect([parseRate(''), parseRate('1.234'), parseRate('abc'), parseRate('-1')]).toEqual([null, null, null, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { dailySalaryPay, dividendPay, hourlySalaryPay, realTimeSalaryPay, share } from './pay.js';

const dividendTiers = [
  { minValidBet: '0', minLoss: '0', minActiveMembers: 1, rate: 1000 },
  { minValidBet: '100000', minLoss: '20000', minActiveMembers: 3, rate: 2000 },
];
const figures = (validBet: bigint, payout: bigint, activeMembers: number) => ({ validBet, payout, activeMembers });

describe('what a period pays', () => {
  it('rounds a share down to the minor unit and never pays on nothing', () => {
    expect(share(999n, 100)).toBe(9n);
    expect(share(0n, 5000)).toBe(0n);
    expect(share(-500n, 5000)).toBe(0n);
  });

  it('dividend: a loss period carries forward and is made good from the next winning periods before anything is paid', () => {
    // The team won 30,000 (the house lost): nothing paid, -30,000 carried.
    const first = dividendPay(dividendTiers, figures(50_000n, 80_000n, 2), 0n);
    expect(first).toMatchObject({ gross: 0n, carryOut: -30_000n, tier: 1 });
    // The team lost 20,000: still 10,000 short of the carry, nothing paid.
    const second = dividendPay(dividendTiers, figures(60_000n, 40_000n, 2), first.carryOut);
    expect(second).toMatchObject({ gross: 0n, carryOut: -10_000n });
    // The team lost 50,000 with a higher tier met: 40,000 left after the carry, at 20 %.
    const third = dividendPay(dividendTiers, figures(150_000n, 100_000n, 3), second.carryOut);
    expect(third).toMatchObject({ gross: 8000n, carryOut: 0n, tier: 2, rate: 2000 });
  });

  it('dividend: no tier met pays nothing but the period still counts against the carry', () => {
    const tiers = [{ minValidBet: '0', minLoss: '0', minActiveMembers: 5, rate: 1000 }];
    expect(dividendPay(tiers, figures(30_000n, 10_000n, 1), -5000n)).toEqual({
      tier: null,
      rate: 0,
      lines: [],
      gross: 0n,
      carryOut: 0n,
    });
  });

  it('daily salary: the highest tier met by the day’s valid bets and active members', () => {
    const tiers = [
      { minBetPerDay: '1000', minActiveMembers: 1, rate: 50 },
      { minBetPerDay: '100000', minActiveMembers: 2, rate: 80 },
    ];
    expect(dailySalaryPay(tiers, figures(200_000n, 0n, 1))).toMatchObject({ tier: 1, gross: 1000n });
    expect(dailySalaryPay(tiers, figures(200_000n, 0n, 2))).toMatchObject({ tier: 2, gross: 1600n });
    expect(dailySalaryPay(tiers, figures(999n, 0n, 9))).toMatchObject({ tier: null, gross: 0n });
  });

  it('hourly salary: each hour on its own tier', () => {
    const tiers = [
      { minBetPerHour: '1000', minActiveMembers: 1, rate: 100 },
      { minBetPerHour: '5000', minActiveMembers: 2, rate: 200 },
    ];
    const pay = hourlySalaryPay(tiers, [
      { from: new Date(0), validBet: 500n, active: 1 },
      { from: new Date(3600_000), validBet: 2000n, active: 1 },
      { from: new Date(7200_000), validBet: 6000n, active: 2 },
    ]);
    expect(pay.lines.map((line) => [line.tier, line.amount])).toEqual([
      [null, '0'],
      [1, '20'],
      [2, '120'],
    ]);
    expect(pay).toMatchObject({ gross: 140n, tier: 2, rate: 200 });
  });

  it('real-time salary: a bet counts at the tier its stake meets, at the profit or loss rate', () => {
    const tiers = [
      { minSingleBet: '1000', profitRate: 100, lossRate: 200 },
      { minSingleBet: '5000', profitRate: 150, lossRate: 300 },
    ];
    const pay = realTimeSalaryPay(tiers, [
      { stake: 999n, won: false },
      { stake: 2000n, won: true },
      { stake: 3000n, won: false },
      { stake: 6000n, won: false },
      { stake: 4000n, won: false },
    ]);
    expect(pay.lines.map((line) => [line.part, line.tier, line.validBet, line.count, line.amount])).toEqual([
      ['lost', 1, '7000', 2, '140'],
      ['lost', 2, '6000', 1, '180'],
      ['won', 1, '2000', 1, '20'],
    ]);
    expect(pay.gross).toBe(340n);
  });
});

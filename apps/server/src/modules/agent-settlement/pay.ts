import type { ContractKind } from '@tessera/contract/agent-contracts';
import type { StoredLine } from './tables.js';

/*
 * What a period pays under a contract's tiers (docs/decisions.md, "Agent settlement"): plain functions of the period's
 * figures, so the job and an audit's recomputation apply the very same rule.
 */

type Tier = Record<string, string | number>;

const big = (value: string | number | undefined) => BigInt(value ?? 0);
const num = (value: string | number | undefined) => Number(value ?? 0);

/** A share in basis points of an amount, rounded down to the minor unit: never pays a fraction. */
export const share = (amount: bigint, rate: number) => (amount > 0n ? (amount * BigInt(rate)) / 10_000n : 0n);

/** The highest tier (1 = lowest) whose every threshold `meets` accepts, or null. */
function highestMet(tiers: readonly Tier[], meets: (tier: Tier) => boolean): number | null {
  for (let index = tiers.length - 1; index >= 0; index -= 1) {
    if (meets(tiers[index] as Tier)) return index + 1;
  }
  return null;
}

const rateOf = (tiers: readonly Tier[], tier: number | null, field = 'rate') =>
  tier === null ? 0 : num((tiers[tier - 1] as Tier)[field]);

export interface PeriodFigures {
  validBet: bigint;
  payout: bigint;
  activeMembers: number;
}

export interface Pay {
  tier: number | null;
  rate: number;
  lines: StoredLine[];
  gross: bigint;
  carryOut: bigint;
}

/**
 * Dividend, negative-carry aware: the period's net loss (valid bets less payouts) plus the loss carried from earlier
 * periods is the base; a positive base pays the tier's rate of it and clears the carry, a base of zero or less pays
 * nothing and is carried on. The tier is chosen on the period's own figures.
 */
export function dividendPay(tiers: readonly Tier[], figures: PeriodFigures, carryIn: bigint): Pay {
  const netLoss = figures.validBet - figures.payout;
  const loss = netLoss > 0n ? netLoss : 0n;
  const tier = highestMet(
    tiers,
    (t) => figures.validBet >= big(t.minValidBet) && loss >= big(t.minLoss) && figures.activeMembers >= num(t.minActiveMembers),
  );
  const rate = rateOf(tiers, tier);
  const base = netLoss + carryIn;
  return { tier, rate, lines: [], gross: base > 0n ? share(base, rate) : 0n, carryOut: base < 0n ? base : 0n };
}

/** Daily salary: the tier met by the day's valid bets and active members pays its rate of the day's valid bets. */
export function dailySalaryPay(tiers: readonly Tier[], figures: PeriodFigures): Pay {
  const tier = highestMet(
    tiers,
    (t) => figures.validBet >= big(t.minBetPerDay) && figures.activeMembers >= num(t.minActiveMembers),
  );
  const rate = rateOf(tiers, tier);
  return { tier, rate, lines: [], gross: share(figures.validBet, rate), carryOut: 0n };
}

/** Hourly salary: each hour of the day is a line; the tier its valid bets and active members meet pays its rate of it. */
export function hourlySalaryPay(tiers: readonly Tier[], hours: { from: Date; validBet: bigint; active: number }[]): Pay {
  const lines: StoredLine[] = hours.map((hour) => {
    const tier = highestMet(tiers, (t) => hour.validBet >= big(t.minBetPerHour) && hour.active >= num(t.minActiveMembers));
    const rate = rateOf(tiers, tier);
    return {
      part: 'hour',
      from: hour.from.getTime(),
      validBet: hour.validBet.toString(),
      count: hour.active,
      tier,
      rate,
      amount: share(hour.validBet, rate).toString(),
    };
  });
  return summed(lines);
}

/**
 * Real-time salary: a bet counts when its stake meets a tier's single-bet amount; the highest such tier pays its profit
 * rate of a bet the member won and its loss rate of one they lost. Lines are the won and lost bets per tier.
 */
export function realTimeSalaryPay(tiers: readonly Tier[], bets: { stake: bigint; won: boolean }[]): Pay {
  const groups = new Map<string, StoredLine>();
  for (const bet of bets) {
    const tier = highestMet(tiers, (t) => bet.stake >= big(t.minSingleBet));
    if (tier === null) continue;
    const part = bet.won ? 'won' : 'lost';
    const key = `${part}:${tier}`;
    const line = groups.get(key) ?? {
      part,
      from: null,
      validBet: '0',
      count: 0,
      tier,
      rate: rateOf(tiers, tier, bet.won ? 'profitRate' : 'lossRate'),
      amount: '0',
    };
    line.validBet = (BigInt(line.validBet) + bet.stake).toString();
    line.count += 1;
    groups.set(key, line);
  }
  const lines = [...groups.values()]
    .sort((a, b) => a.part.localeCompare(b.part) || (a.tier ?? 0) - (b.tier ?? 0))
    .map((line) => ({ ...line, amount: share(BigInt(line.validBet), line.rate).toString() }));
  return summed(lines);
}

function summed(lines: StoredLine[]): Pay {
  const paying = lines.filter((line) => line.tier !== null);
  return {
    tier: paying.length ? Math.max(...paying.map((line) => line.tier as number)) : null,
    rate: paying.length ? Math.max(...paying.map((line) => line.rate)) : 0,
    lines,
    gross: lines.reduce((sum, line) => sum + BigInt(line.amount), 0n),
    carryOut: 0n,
  };
}

/** The kinds whose periods with nothing to count leave no statement: real-time salary's five-minute windows. */
export const SKIPS_EMPTY_PERIODS: Record<ContractKind, boolean> = {
  dividend: false,
  dailySalary: false,
  hourlySalary: false,
  realTimeSalary: true,
};

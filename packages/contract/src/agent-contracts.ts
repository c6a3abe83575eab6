/*
 * Agent contracts (spec 2.5, §3 contract items, §4 contract actions and periods): the kinds, their periods, their
 * tiers and the rules both the server and the offer form apply. Plain data and functions: the browser imports this
 * without the schema library. The state machine is written in docs/decisions.md ("Agent contracts").
 */

export const CONTRACT_KINDS = ['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** Spec §4: daily, weekly, semimonthly, monthly; real-time salary settles every 5 minutes. */
export const CONTRACT_PERIODS = ['fiveMinutes', 'daily', 'weekly', 'semiMonthly', 'monthly'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];

/** The periods each kind can have; the merchant narrows the dividend's in its settings. */
export const PERIODS_OF_KIND = {
  dividend: ['daily', 'weekly', 'semiMonthly', 'monthly'],
  dailySalary: ['daily'],
  hourlySalary: ['daily'],
  realTimeSalary: ['fiveMinutes'],
} as const satisfies Record<ContractKind, readonly ContractPeriod[]>;

export const DIVIDEND_PERIODS = PERIODS_OF_KIND.dividend;

export const CONTRACT_STATUSES = ['offered', 'rejected', 'withdrawn', 'active', 'ending', 'ended'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Why a contract ended (or will end): a party's termination, a better contract, the upline's own contract, the operator. */
export const END_REASONS = ['upline', 'downline', 'superseded', 'ceiling', 'operator'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** Spec §4: accept, reject, terminate; an offer is the upline's. */
export const CONTRACT_ACTIONS = ['offer', 'accept', 'reject', 'terminate'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/** The whitelabel switch of each kind, a `FEATURES` name (spec §6: the salary and dividend entries depend on feature flags). */
export const FEATURE_OF_KIND = {
  dividend: 'dividend',
  dailySalary: 'dailySalary',
  hourlySalary: 'hourlySalary',
  realTimeSalary: 'realTimeSalary',
} as const satisfies Record<ContractKind, string>;

/** Spec §3, consolidated contract settings: each kind's field name. */
export const CONSOLIDATED_FIELDS = {
  dailySalary: 'dailysalreqtype',
  dividend: 'divtypereq',
  hourlySalary: 'contracthoursalreq',
  realTimeSalary: 'realtimesalreqtype',
} as const satisfies Record<ContractKind, string>;

/** Rates are integer basis points: 150 is 1.50 %. */
export const RATE_MAX = 10_000;
export const MAX_TIERS = 10;
/** The largest threshold amount a tier may name (minor units). */
export const TIER_AMOUNT_MAX = 1_000_000_000_000_000n;
export const TIER_MEMBERS_MAX = 1_000_000;

/** Each kind's tier fields (spec §3 contract items), thresholds first, rates last. Amounts are minor units. */
export interface DividendTier {
  minValidBet: string;
  minLoss: string;
  minActiveMembers: number;
  rate: number;
}
export interface DailySalaryTier {
  minBetPerDay: string;
  minActiveMembers: number;
  rate: number;
}
export interface HourlySalaryTier {
  minBetPerHour: string;
  minActiveMembers: number;
  rate: number;
}
export interface RealTimeSalaryTier {
  minSingleBet: string;
  profitRate: number;
  lossRate: number;
}
export interface TierOf {
  dividend: DividendTier;
  dailySalary: DailySalaryTier;
  hourlySalary: HourlySalaryTier;
  realTimeSalary: RealTimeSalaryTier;
}
export type AnyTier = TierOf[ContractKind];

export const THRESHOLDS = {
  dividend: ['minValidBet', 'minLoss', 'minActiveMembers'],
  dailySalary: ['minBetPerDay', 'minActiveMembers'],
  hourlySalary: ['minBetPerHour', 'minActiveMembers'],
  realTimeSalary: ['minSingleBet'],
} as const satisfies { [K in ContractKind]: readonly (keyof TierOf[K])[] };

export const RATES = {
  dividend: ['rate'],
  dailySalary: ['rate'],
  hourlySalary: ['rate'],
  realTimeSalary: ['profitRate', 'lossRate'],
} as const satisfies { [K in ContractKind]: readonly (keyof TierOf[K])[] };

/** The most a contract pays per rate field: its top tier's rates (a higher tier never pays less). */
export type Rates = Record<string, number>;

const field = (tier: AnyTier, name: string) => (tier as unknown as Record<string, string | number>)[name];
const asBig = (value: string | number | undefined) => BigInt(value ?? 0);

/** A contract's rates: the highest of each rate field over its tiers. */
export function topRates(kind: ContractKind, tiers: readonly AnyTier[]): Rates {
  return Object.fromEntries(RATES[kind].map((name) => [name, Math.max(0, ...tiers.map((tier) => Number(field(tier, name))))]));
}

/** Whether every rate of `rates` is at most the ceiling's. */
export function withinCeiling(rates: Rates, ceiling: Rates): boolean {
  return Object.entries(rates).every(([name, rate]) => rate <= (ceiling[name] ?? 0));
}

/**
 * Spec §4's "higher rate": no rate lower than the current contract's and at least one higher. Only such a contract
 * replaces one in force at once; a lower one waits for the current one to end.
 */
export function isHigher(next: Rates, current: Rates): boolean {
  const names = Object.keys(current);
  return (
    names.every((name) => (next[name] ?? 0) >= (current[name] ?? 0)) &&
    names.some((name) => (next[name] ?? 0) > (current[name] ?? 0))
  );
}

/**
 * Why the tiers cannot make a contract (a message key), or null. Tiers rise: each names every threshold at least the
 * one before and one of them higher, and pays no less; every rate is above zero and at most 100 %.
 */
export function tiersProblem(kind: ContractKind, tiers: readonly AnyTier[]): string | null {
  if (tiers.length === 0 || tiers.length > MAX_TIERS) return 'contracts.problem.tier_count';
  for (const tier of tiers) {
    for (const name of RATES[kind]) {
      const rate = Number(field(tier, name));
      if (!Number.isInteger(rate) || rate < 1 || rate > RATE_MAX) return 'contracts.problem.rate';
    }
    for (const name of THRESHOLDS[kind]) {
      const value = field(tier, name);
      if (value === undefined || !/^[0-9]{1,19}$/.test(String(value))) return 'contracts.problem.threshold';
      const limit = name === 'minActiveMembers' ? BigInt(TIER_MEMBERS_MAX) : TIER_AMOUNT_MAX;
      if (asBig(value) > limit) return 'contracts.problem.threshold';
    }
  }
  for (let index = 1; index < tiers.length; index += 1) {
    const [before, tier] = [tiers[index - 1] as AnyTier, tiers[index] as AnyTier];
    const thresholds = THRESHOLDS[kind].map((name) => [asBig(field(before, name)), asBig(field(tier, name))] as const);
    if (thresholds.some(([was, is]) => is < was) || thresholds.every(([was, is]) => is === was)) {
      return 'contracts.problem.tier_order';
    }
    if (RATES[kind].some((name) => Number(field(tier, name)) < Number(field(before, name)))) {
      return 'contracts.problem.tier_rates';
    }
  }
  return null;
}

/** A rate in basis points as a per cent with two decimals: 150 → "1.50". */
export const formatRate = (basisPoints: number) => (basisPoints / 100).toFixed(2);

/** A typed per cent ("1.5", "1.50", "12") as basis points, or null when it is not one with at most two decimals. */
export function parseRate(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// What every lottery shares: a ticket is one bet with a stake; odds are the total returned per win (stake
// included), in hundredths so that 1.96 is exactly 196; payouts round down to the minor unit.

export interface Ticket<Bet> {
  bet: Bet;
  /** Minor units, > 0. */
  stake: bigint;
}

/** stake × odds × hits, rounded down to the minor unit. `odds100` = odds × 100. */
export function payout(stake: bigint, odds100: number, hits: number): bigint {
  if (stake <= 0n || hits <= 0) return 0n;
  return (stake * BigInt(odds100) * BigInt(hits)) / 100n;
}

export interface Settlement {
  payouts: bigint[];
  total: bigint;
}

/** Settles tickets one by one; each payout depends only on its own ticket and the result. */
export function settleAll<T, R>(tickets: readonly T[], result: R, settle: (ticket: T, result: R) => bigint): Settlement {
  const payouts = tickets.map((ticket) => settle(ticket, result));
  return { payouts, total: payouts.reduce((sum, p) => sum + p, 0n) };
}

export const isDigit = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 9;
export const isDigits = (value: unknown, length: number): value is string =>
  typeof value === 'string' && value.length === length && /^[0-9]+$/.test(value);

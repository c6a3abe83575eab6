// Vietnamese-style lottery against a northern (miền Bắc) result sheet: 27 numbers in eight prize tiers.
// "Lô" bets match the end of every number on the sheet and pay per matching number; "đề" bets and
// head/tail match the special prize only.
import { type RandomSource, uniformInt } from '../rng/fair.js';
import { isDigit, isDigits, payout, type Ticket } from './ticket.js';

export type VnTier = 'special' | 'first' | 'second' | 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh';

/** The sheet's layout, in the order it is printed: how many numbers each tier has and their length. */
export const VN_SHEET: readonly { tier: VnTier; count: number; digits: number }[] = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
];

export type VnBet =
  /** Lô 2 số: each number on the sheet ending in these two digits is one hit (27 chances). */
  | { type: 'lo2'; number: string }
  /** Lô 3 số: each number of three or more digits ending in these three is one hit (23 chances). */
  | { type: 'lo3'; number: string }
  /** Đề: the special prize's last two digits. */
  | { type: 'de2'; number: string }
  /** Ba càng: the special prize's last three digits. */
  | { type: 'de3'; number: string }
  /** Đầu: the special prize's tens digit. */
  | { type: 'head'; digit: number }
  /** Đuôi: the special prize's last digit. */
  | { type: 'tail'; digit: number };

export type VnBetType = VnBet['type'];
export type VnTicket = Ticket<VnBet>;

export interface VnResult {
  /** One entry per tier of VN_SHEET, same order; numbers as digit strings (leading zeros kept). */
  prizes: { tier: VnTier; numbers: string[] }[];
}

/** Odds × 100, paid per hit; expected return in the comment. */
export const VN_ODDS: Readonly<Record<VnBetType, number>> = {
  lo2: 360, // 27 × 1/100 × 3.6 = 97.2 %
  lo3: 4200, // 23 × 1/1000 × 42 = 96.6 %
  de2: 9800, // 98 %
  de3: 98000, // 98 %
  head: 980, // 98 %
  tail: 980, // 98 %
};

/** Draws the sheet tier by tier, number by number, digit by digit (most significant first). */
export function drawVn(source: RandomSource): VnResult {
  return {
    prizes: VN_SHEET.map(({ tier, count, digits }) => ({
      tier,
      numbers: Array.from({ length: count }, () => Array.from({ length: digits }, () => uniformInt(source, 10)).join('')),
    })),
  };
}

export function isValidVnBet(bet: VnBet): boolean {
  switch (bet.type) {
    case 'lo2':
    case 'de2':
      return isDigits(bet.number, 2);
    case 'lo3':
    case 'de3':
      return isDigits(bet.number, 3);
    case 'head':
    case 'tail':
      return isDigit(bet.digit);
    default:
      return false;
  }
}

/** How many times a bet wins on a sheet (0 when it loses). */
export function vnHits(bet: VnBet, result: VnResult): number {
  const all = result.prizes.flatMap((p) => p.numbers);
  const special = result.prizes.find((p) => p.tier === 'special')?.numbers[0] ?? '';
  switch (bet.type) {
    case 'lo2':
      return all.filter((n) => n.endsWith(bet.number)).length;
    case 'lo3':
      return all.filter((n) => n.length >= 3 && n.endsWith(bet.number)).length;
    case 'de2':
      return special.endsWith(bet.number) ? 1 : 0;
    case 'de3':
      return special.endsWith(bet.number) ? 1 : 0;
    case 'head':
      return special.at(-2) === String(bet.digit) ? 1 : 0;
    case 'tail':
      return special.at(-1) === String(bet.digit) ? 1 : 0;
  }
}

/** Payout (stake included): stake × odds × hits; 0 when it loses or is not a valid bet. */
export function settleVn(ticket: VnTicket, result: VnResult): bigint {
  if (!isValidVnBet(ticket.bet)) return 0n;
  return payout(ticket.stake, VN_ODDS[ticket.bet.type], vnHits(ticket.bet, result));
}

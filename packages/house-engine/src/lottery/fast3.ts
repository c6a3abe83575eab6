// Electronic lottery "Fast 3" (ELOTT): three dice drawn every minute. Chances are exact over the 216
// equally likely outcomes (the tests enumerate them); every bet type returns 95–97 %.
import { type RandomSource, uniformInt } from '../rng/fair.js';
import { payout, type Ticket } from './ticket.js';

export type Fast3Bet =
  /** Sum 11–17 is big, 4–10 small; any triple loses. */
  | { type: 'bigSmall'; pick: 'big' | 'small' }
  /** Sum parity; any triple loses. */
  | { type: 'oddEven'; pick: 'odd' | 'even' }
  /** The exact sum, 4–17. */
  | { type: 'sum'; sum: number }
  /** Any of the six triples. */
  | { type: 'anyTriple' }
  /** One given triple, 1–6. */
  | { type: 'triple'; face: number };

export type Fast3BetType = Fast3Bet['type'];
export type Fast3Ticket = Ticket<Fast3Bet>;

export interface Fast3Result {
  dice: [number, number, number];
}

const SIDE_ODDS = 198; // 105/216 × 1.98 = 96.25 %
/** Odds × 100 for each sum (ways out of 216 in the comment): about 96 % each. */
export const FAST3_SUM_ODDS: Readonly<Record<number, number>> = {
  4: 6900, // 3
  5: 3450, // 6
  6: 2070, // 10
  7: 1380, // 15
  8: 985, // 21
  9: 829, // 25
  10: 768, // 27
  11: 768, // 27
  12: 829, // 25
  13: 985, // 21
  14: 1380, // 15
  15: 2070, // 10
  16: 3450, // 6
  17: 6900, // 3
};
export const FAST3_ODDS: Readonly<Record<Exclude<Fast3BetType, 'sum'>, number>> = {
  bigSmall: SIDE_ODDS,
  oddEven: SIDE_ODDS,
  anyTriple: 3450, // 6/216 × 34.5 = 95.8 %
  triple: 20700, // 1/216 × 207 = 95.8 %
};

export function drawFast3(source: RandomSource): Fast3Result {
  return { dice: [1 + uniformInt(source, 6), 1 + uniformInt(source, 6), 1 + uniformInt(source, 6)] };
}

export function isValidFast3Bet(bet: Fast3Bet): boolean {
  switch (bet.type) {
    case 'bigSmall':
      return bet.pick === 'big' || bet.pick === 'small';
    case 'oddEven':
      return bet.pick === 'odd' || bet.pick === 'even';
    case 'sum':
      return FAST3_SUM_ODDS[bet.sum] !== undefined;
    case 'anyTriple':
      return true;
    case 'triple':
      return Number.isInteger(bet.face) && bet.face >= 1 && bet.face <= 6;
    default:
      return false;
  }
}

export function fast3Odds(bet: Fast3Bet): number {
  return bet.type === 'sum' ? (FAST3_SUM_ODDS[bet.sum] ?? 0) : FAST3_ODDS[bet.type];
}

export function fast3Wins(bet: Fast3Bet, { dice }: Fast3Result): boolean {
  const [a, b, c] = dice;
  const sum = a + b + c;
  const triple = a === b && b === c;
  switch (bet.type) {
    case 'bigSmall':
      return !triple && (sum >= 11 ? 'big' : 'small') === bet.pick;
    case 'oddEven':
      return !triple && (sum % 2 === 1 ? 'odd' : 'even') === bet.pick;
    case 'sum':
      return sum === bet.sum;
    case 'anyTriple':
      return triple;
    case 'triple':
      return triple && a === bet.face;
  }
}

/** Payout (stake included); 0 when it loses or is not a valid bet. */
export function settleFast3(ticket: Fast3Ticket, result: Fast3Result): bigint {
  if (!isValidFast3Bet(ticket.bet)) return 0n;
  return payout(ticket.stake, fast3Odds(ticket.bet), fast3Wins(ticket.bet, result) ? 1 : 0);
}

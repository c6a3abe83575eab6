// SEA "5D" lottery: five digits A–E drawn independently and uniformly; bets on one position, on the sum, or
// on the last two / three digits. Odds (in hundredths) give 98 % return on every bet type.
import { type RandomSource, uniformInt } from '../rng/fair.js';
import { isDigit, isDigits, payout, type Ticket } from './ticket.js';

export const SEA_POSITIONS = 5;

export type SeaBet =
  /** One digit at a position (0 = A … 4 = E). */
  | { type: 'digit'; position: number; digit: number }
  /** Position's digit: big 5–9, small 0–4. */
  | { type: 'bigSmall'; position: number; pick: 'big' | 'small' }
  | { type: 'oddEven'; position: number; pick: 'odd' | 'even' }
  /** Sum of the five digits (0–45): big 23–45, small 0–22 (exactly even chances by symmetry). */
  | { type: 'sumBigSmall'; pick: 'big' | 'small' }
  | { type: 'sumOddEven'; pick: 'odd' | 'even' }
  /** Positions D–E equal the two digits. */
  | { type: 'last2'; number: string }
  /** Positions C–E equal the three digits. */
  | { type: 'last3'; number: string };

export type SeaBetType = SeaBet['type'];
export type SeaTicket = Ticket<SeaBet>;

export interface SeaResult {
  /** A–E. */
  digits: number[];
}

/** Odds × 100 per bet type; chance of winning in the comment. */
export const SEA_ODDS: Readonly<Record<SeaBetType, number>> = {
  digit: 980, // 1/10
  bigSmall: 196, // 1/2
  oddEven: 196, // 1/2
  sumBigSmall: 196, // 1/2
  sumOddEven: 196, // 1/2
  last2: 9800, // 1/100
  last3: 98000, // 1/1000
};

export function drawSea(source: RandomSource): SeaResult {
  return { digits: Array.from({ length: SEA_POSITIONS }, () => uniformInt(source, 10)) };
}

export function isValidSeaBet(bet: SeaBet): boolean {
  const position = (p: number) => Number.isInteger(p) && p >= 0 && p < SEA_POSITIONS;
  switch (bet.type) {
    case 'digit':
      return position(bet.position) && isDigit(bet.digit);
    case 'bigSmall':
      return position(bet.position) && (bet.pick === 'big' || bet.pick === 'small');
    case 'oddEven':
      return position(bet.position) && (bet.pick === 'odd' || bet.pick === 'even');
    case 'sumBigSmall':
      return bet.pick === 'big' || bet.pick === 'small';
    case 'sumOddEven':
      return bet.pick === 'odd' || bet.pick === 'even';
    case 'last2':
      return isDigits(bet.number, 2);
    case 'last3':
      return isDigits(bet.number, 3);
    default:
      return false;
  }
}

export function seaWins(bet: SeaBet, { digits }: SeaResult): boolean {
  const at = (p: number) => digits[p] ?? -1;
  const sum = digits.reduce((a, b) => a + b, 0);
  switch (bet.type) {
    case 'digit':
      return at(bet.position) === bet.digit;
    case 'bigSmall':
      return (at(bet.position) >= 5 ? 'big' : 'small') === bet.pick;
    case 'oddEven':
      return (at(bet.position) % 2 === 1 ? 'odd' : 'even') === bet.pick;
    case 'sumBigSmall':
      return (sum >= 23 ? 'big' : 'small') === bet.pick;
    case 'sumOddEven':
      return (sum % 2 === 1 ? 'odd' : 'even') === bet.pick;
    case 'last2':
      return digits.slice(-2).join('') === bet.number;
    case 'last3':
      return digits.slice(-3).join('') === bet.number;
  }
}

/** Payout (stake included) of a ticket; 0 when it loses or is not a valid bet. */
export function settleSea(ticket: SeaTicket, result: SeaResult): bigint {
  if (!isValidSeaBet(ticket.bet)) return 0n;
  return payout(ticket.stake, SEA_ODDS[ticket.bet.type], seaWins(ticket.bet, result) ? 1 : 0);
}

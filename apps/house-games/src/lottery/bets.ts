import type { LotteryBet, LotteryGame, LotteryKind } from '@tessera/contract/api/lottery';
import { type Fast3Bet, isValidFast3Bet } from '@tessera/house-engine/lottery/fast3';
import { isValidSeaBet, SEA_POSITIONS, type SeaBet } from '@tessera/house-engine/lottery/sea';
import { isValidVnBet, type VnBet } from '@tessera/house-engine/lottery/vn';

/** The inputs a bet type needs; every value is chosen from a list except `number` (typed digits). */
export type BetField =
  | { name: 'position' }
  | { name: 'digit' }
  | { name: 'pick'; options: readonly ['big', 'small'] | readonly ['odd', 'even'] }
  | { name: 'sum'; from: number; to: number }
  | { name: 'face' }
  | { name: 'number'; length: 2 | 3 };

const BIG_SMALL = { name: 'pick', options: ['big', 'small'] } as const;
const ODD_EVEN = { name: 'pick', options: ['odd', 'even'] } as const;

/** The bet slip's forms per lottery, in house-engine's bet types (the server validates with the same code). */
export const BET_FORMS: Record<LotteryKind, Record<string, readonly BetField[]>> = {
  FAST3: {
    bigSmall: [BIG_SMALL],
    oddEven: [ODD_EVEN],
    sum: [{ name: 'sum', from: 4, to: 17 }],
    anyTriple: [],
    triple: [{ name: 'face' }],
  },
  SEA5D: {
    bigSmall: [{ name: 'position' }, BIG_SMALL],
    oddEven: [{ name: 'position' }, ODD_EVEN],
    digit: [{ name: 'position' }, { name: 'digit' }],
    sumBigSmall: [BIG_SMALL],
    sumOddEven: [ODD_EVEN],
    last2: [{ name: 'number', length: 2 }],
    last3: [{ name: 'number', length: 3 }],
  },
  VN: {
    lo2: [{ name: 'number', length: 2 }],
    de2: [{ name: 'number', length: 2 }],
    lo3: [{ name: 'number', length: 3 }],
    de3: [{ name: 'number', length: 3 }],
    head: [{ name: 'digit' }],
    tail: [{ name: 'digit' }],
  },
};

export const POSITION_LETTERS = Array.from({ length: SEA_POSITIONS }, (_, i) => String.fromCharCode(65 + i));

const VALIDATORS: Record<LotteryKind, (bet: never) => boolean> = {
  FAST3: isValidFast3Bet as (bet: never) => boolean,
  SEA5D: isValidSeaBet as (bet: never) => boolean,
  VN: isValidVnBet as (bet: never) => boolean,
};

/** A bet of `type` from the form's raw values, or null when house-engine would refuse it. */
export function buildBet(kind: LotteryKind, type: string, values: Record<string, string>): LotteryBet | null {
  const fields = BET_FORMS[kind][type];
  if (!fields) return null;
  const bet: Record<string, string | number> = { type };
  for (const field of fields) {
    const raw = (values[field.name] ?? '').trim();
    if (field.name === 'pick' || field.name === 'number') bet[field.name] = raw;
    else if (/^\d{1,2}$/.test(raw)) bet[field.name] = Number(raw);
    else return null;
  }
  return VALIDATORS[kind](bet as never) ? (bet as unknown as SeaBet | VnBet | Fast3Bet) : null;
}

/** The odds × 100 the game publishes for a bet (sum bets have one per sum), or null when it has none. */
export function oddsOf(game: Pick<LotteryGame, 'odds'>, bet: LotteryBet): number | null {
  const sum = 'sum' in bet ? bet.sum : undefined;
  const entry = game.odds.find((odds) => odds.type === bet.type && (sum === undefined || odds.sum === sum));
  return entry?.odds100 ?? null;
}

/** "1.96" from 196: odds are stored in hundredths and shown exactly. */
export const formatOdds = (odds100: number) => `${Math.floor(odds100 / 100)}.${String(odds100 % 100).padStart(2, '0')}`;

/**
 * A stake typed in the currency's major unit ("10", "2.5") as exact minor units; null for anything else
 * (negative, more decimals than the currency has, letters). No floating point on the way.
 */
export function parseStake(text: string, minorDigits: number): bigint | null {
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > minorDigits) return null;
  return BigInt(match[1] ?? '0') * 10n ** BigInt(minorDigits) + BigInt(fraction.padEnd(minorDigits, '0') || '0');
}

/** Minor units as the stake input shows them ("10.00" → "10"); the inverse of parseStake. */
export function stakeText(minor: bigint, minorDigits: number): string {
  const digits = minor.toString().padStart(minorDigits + 1, '0');
  const whole = digits.slice(0, digits.length - minorDigits);
  const fraction = digits.slice(digits.length - minorDigits).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

// Dice: a roll from 0.00 to 99.99 (10,000 equally likely values, kept as hundredths), won by rolling over or
// under the player's target. The payout is the fair multiplier for the chance, less the published house edge.
import { type RandomSource, uniformInt } from '../rng/fair.js';
import { payoutOf } from './money.js';

export const DICE_ROLLS = 10_000;
/** The house keeps 1 % of the fair return: multiplier = 0.99 ÷ chance, rounded down to 1/10,000. */
export const DICE_HOUSE_EDGE = 0.01;
/** Winning rolls a target may leave: 1 % to 98 % chance (99× down to 1.0102×). */
export const DICE_MIN_WINNING = 100;
export const DICE_MAX_WINNING = 9_800;

export type DiceDirection = 'over' | 'under';

export interface DiceBet {
  /** Hundredths: 5050 is 50.50. */
  target: number;
  direction: DiceDirection;
}

export interface DiceOutcome {
  game: 'dice';
  target: number;
  direction: DiceDirection;
  /** Hundredths, 0–9999. */
  roll: number;
  /** Ten-thousandths of the bet returned on a win (19800 = ×1.98). */
  multiplier: number;
  won: boolean;
}

/** Rolls that win: over T wins on T+1 … 9999, under T on 0 … T−1. */
export function diceWinningRolls({ target, direction }: DiceBet): number {
  return direction === 'over' ? DICE_ROLLS - 1 - target : target;
}

export function isValidDiceBet(bet: DiceBet): boolean {
  if (!Number.isInteger(bet.target) || (bet.direction !== 'over' && bet.direction !== 'under')) return false;
  const winning = diceWinningRolls(bet);
  return winning >= DICE_MIN_WINNING && winning <= DICE_MAX_WINNING;
}

/** 0.99 ÷ (winning ÷ 10,000), in ten-thousandths, rounded down (the house never pays above its edge). */
export function diceMultiplier(bet: DiceBet): number {
  return Math.floor(99_000_000 / diceWinningRolls(bet));
}

export function playDice(source: RandomSource, bet: DiceBet): DiceOutcome {
  if (!isValidDiceBet(bet)) throw new RangeError('dice: the target leaves 1 %–98 % chance');
  const roll = uniformInt(source, DICE_ROLLS);
  const won = bet.direction === 'over' ? roll > bet.target : roll < bet.target;
  return { game: 'dice', target: bet.target, direction: bet.direction, roll, multiplier: diceMultiplier(bet), won };
}

export const diceWin = (outcome: DiceOutcome, stake: bigint) => (outcome.won ? payoutOf(stake, outcome.multiplier, 10_000) : 0n);

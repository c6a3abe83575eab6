// Limbo: the round draws a multiplier; the player wins the target multiplier they chose if the drawn one
// reaches it. P(drawn ≥ m) = 0.99 ÷ m, so every target returns 99 % (a 1 % house edge).
import { type RandomSource, uniformInt } from '../rng/fair.js';
import { payoutOf } from './money.js';

/** Equally likely draws k = 0 … K−1; the result is floor(99·K ÷ (K − k)) hundredths. */
export const LIMBO_DRAWS = 100_000_000;
export const LIMBO_HOUSE_EDGE = 0.01;
/** Targets in hundredths: ×1.01 to ×10,000. */
export const LIMBO_MIN_TARGET = 101;
export const LIMBO_MAX_TARGET = 1_000_000;

export interface LimboOutcome {
  game: 'limbo';
  /** Hundredths: 250 is ×2.50. */
  target: number;
  /** The drawn multiplier in hundredths (at least 99, ×0.99). */
  result: number;
  won: boolean;
}

export const isValidLimboTarget = (target: number) =>
  Number.isInteger(target) && target >= LIMBO_MIN_TARGET && target <= LIMBO_MAX_TARGET;

/** The drawn multiplier of draw k, in hundredths. */
export function limboResult(k: number): number {
  return Math.floor((99 * LIMBO_DRAWS) / (LIMBO_DRAWS - k));
}

/** Draws that reach `target`: floor(99·K ÷ target) of the K (a result reaches it exactly when k ≥ K − 99·K ÷ target). */
export function limboWinningDraws(target: number): number {
  return Math.floor((99 * LIMBO_DRAWS) / target);
}

export function playLimbo(source: RandomSource, target: number): LimboOutcome {
  if (!isValidLimboTarget(target)) throw new RangeError('limbo: the target is ×1.01 to ×10,000');
  const result = limboResult(uniformInt(source, LIMBO_DRAWS));
  return { game: 'limbo', target, result, won: result >= target };
}

export const limboWin = (outcome: LimboOutcome, stake: bigint) => (outcome.won ? payoutOf(stake, outcome.target, 100) : 0n);

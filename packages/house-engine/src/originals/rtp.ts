// Exact return to player of the originals, as fractions of integers (before the stake's rounding down to the
// minor unit, which only ever lowers a win by less than one minor unit).
import { DICE_MAX_WINNING, DICE_MIN_WINNING, DICE_ROLLS, diceMultiplier } from './dice.js';
import { LIMBO_DRAWS, limboWinningDraws } from './limbo.js';
import { type WheelRisk, wheelLayout } from './wheel.js';

export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

export const fractionValue = ({ numerator, denominator }: Fraction) => Number(numerator) / Number(denominator);

/** Dice leaving `winning` winning rolls: winning/10,000 × multiplier/10,000. Over and under with the same count agree. */
export function diceRtp(winning: number): Fraction {
  if (winning < DICE_MIN_WINNING || winning > DICE_MAX_WINNING) throw new RangeError('dice: 1 %–98 % chance');
  const multiplier = diceMultiplier({ target: winning, direction: 'under' });
  return { numerator: BigInt(winning) * BigInt(multiplier), denominator: BigInt(DICE_ROLLS) * 10_000n };
}

/** Limbo at `target` hundredths: P(win) × target = floor(99·K ÷ target)/K × target/100. */
export function limboRtp(target: number): Fraction {
  return { numerator: BigInt(limboWinningDraws(target)) * BigInt(target), denominator: BigInt(LIMBO_DRAWS) * 100n };
}

/** The wheel: the mean of its segments' multipliers. */
export function wheelRtp(risk: WheelRisk, segments: number): Fraction {
  const sum = wheelLayout(risk, segments).reduce((a, b) => a + b, 0);
  return { numerator: BigInt(sum), denominator: BigInt(segments) * 100n };
}

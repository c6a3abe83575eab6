// Wheel: equally likely segments, each with a multiplier; the player picks the risk and the number of
// segments. Every wheel's multipliers sum to 0.99 × its segments, so each returns exactly 99 %.
import { type RandomSource, uniformInt } from '../rng/fair.js';
import { payoutOf } from './money.js';

export const WHEEL_HOUSE_EDGE = 0.01;
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const;
export type WheelRisk = (typeof WHEEL_RISKS)[number];
export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;

/** Ten segments, in hundredths of the bet, repeated around larger wheels (each block sums to 990). */
const BLOCKS: Record<Exclude<WheelRisk, 'high'>, readonly number[]> = {
  low: [150, 120, 120, 120, 0, 120, 120, 120, 120, 0],
  medium: [0, 190, 0, 150, 0, 200, 0, 150, 0, 300],
};

export interface WheelOutcome {
  game: 'wheel';
  risk: WheelRisk;
  segments: number;
  /** The segment the pointer stopped on, 0 = the top at rest, clockwise. */
  segment: number;
  /** Hundredths of the bet. */
  multiplier: number;
}

export const isValidWheel = (risk: string, segments: number): risk is WheelRisk =>
  (WHEEL_RISKS as readonly string[]).includes(risk) && (WHEEL_SEGMENTS as readonly number[]).includes(segments);

/** The wheel's multipliers in hundredths, segment 0 first. High risk: one segment pays 0.99 × segments, the rest 0. */
export function wheelLayout(risk: WheelRisk, segments: number): number[] {
  if (!isValidWheel(risk, segments)) throw new RangeError(`wheel: no ${risk} wheel of ${segments} segments`);
  if (risk === 'high') return Array.from({ length: segments }, (_, i) => (i === 0 ? 99 * segments : 0));
  const block = BLOCKS[risk];
  return Array.from({ length: segments }, (_, i) => block[i % block.length] ?? 0);
}

export function playWheel(source: RandomSource, risk: WheelRisk, segments: number): WheelOutcome {
  const layout = wheelLayout(risk, segments);
  const segment = uniformInt(source, segments);
  return { game: 'wheel', risk, segments, segment, multiplier: layout[segment] ?? 0 };
}

export const wheelWin = (outcome: WheelOutcome, stake: bigint) => payoutOf(stake, outcome.multiplier, 100);

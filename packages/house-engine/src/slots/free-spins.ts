// The retrigger rule on its own (no RNG): the engine plays by it and the game client counts the spins left by it.
import type { FreeSpinsRule } from './types.js';

/** The free spins awarded so far, after a free spin that showed `scatters` (the retrigger rule, capped). */
export function awardedAfter(rule: FreeSpinsRule, awarded: number, scatters: number): number {
  const retrigger = rule.retrigger;
  if (!retrigger || scatters < retrigger.minScatters) return awarded;
  return Math.max(awarded, Math.min(retrigger.maxSpins, awarded + retrigger.spins));
}

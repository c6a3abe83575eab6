// Exact theoretical RTP. Stops are independent and uniform per reel, so:
// - each payline crosses one cell per reel, and that cell's symbol is distributed as the strip's symbol
//   counts whatever the row; the expected pay of a line is an enumeration over one symbol per reel weighted
//   by the product of the counts (every line has the same expectation);
// - the scatter count is a sum over reels of independent per-reel counts: enumerate each reel's stops,
//   then convolve;
// - free spins are independent spins with every win × multiplier; whether another is played depends only on
//   the spins before it, so by Wald's identity a trigger is worth E[free spins played] × multiplier ×
//   (expected base spin). Without a retrigger that count is `spins`; with one it is summed exactly over the
//   capped retrigger chain (`expectedFreeSpins`).
// Expectations add even though line and scatter wins are correlated, so the result is exact. Fractions are
// kept as bigint numerator / denominator; `rtpByStops` cross-checks by enumerating every stop combination.
import { type CompiledSlot, compileSlot, evaluateLine, evaluateWindow, windowAt } from './engine.js';
import { awardedAfter } from './free-spins.js';
import type { FreeSpinsRule, SlotGame } from './types.js';

export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

export interface RtpBreakdown {
  /** Expected base-game line pays per spin, as a fraction of the total bet. */
  lines: number;
  scatter: number;
  /** Probability that a base spin awards the free spins. */
  freeSpinsChance: number;
  /** Free spins a triggered feature plays on average, retriggers included. */
  expectedFreeSpins: number;
  freeSpins: number;
  total: number;
  exact: Fraction;
  /** How the figure was obtained, for the README and the bench. */
  method: 'per-line symbol enumeration + scatter convolution' | 'every stop combination';
}

export function exactRtp(game: SlotGame): RtpBreakdown {
  const slot = compileSlot(game);
  const lengths = slot.strips.map((strip) => BigInt(strip.length));
  const combos = lengths.reduce((a, b) => a * b, 1n);
  return withFreeSpins(
    slot,
    lineNumerator(slot),
    scatterWeights(slot),
    combos,
    'per-line symbol enumeration + scatter convolution',
  );
}

/** The same figure by brute force over every stop combination (feasible for small games; used to cross-check). */
export function rtpByStops(game: SlotGame): RtpBreakdown {
  const slot = compileSlot(game);
  const lengths = slot.strips.map((strip) => strip.length);
  const stops = lengths.map(() => 0);
  let lineUnits = 0n;
  const scatter = new Map<number, bigint>();
  let combos = 0n;
  for (;;) {
    const spin = evaluateWindow(slot, [...stops], windowAt(slot, stops), 1);
    lineUnits += BigInt(spin.lineWins.reduce((sum, w) => sum + w.pays, 0));
    scatter.set(spin.scatterCount, (scatter.get(spin.scatterCount) ?? 0n) + 1n);
    combos++;
    if (!advance(stops, lengths)) break;
  }
  // Per-line expectation × lines / lines: the summed units over all lines, divided by lines × combos.
  const perLine = { numerator: lineUnits, denominator: BigInt(slot.lines) };
  return withFreeSpins(slot, perLine, scatter, combos, 'every stop combination');
}

/** Odometer step over all stop combinations; false once every combination has been visited. */
function advance(stops: number[], lengths: readonly number[]): boolean {
  for (let reel = 0; reel < stops.length; reel++) {
    const next = ((stops[reel] ?? 0) + 1) % (lengths[reel] ?? 1);
    stops[reel] = next;
    if (next !== 0) return true;
  }
  return false;
}

/** Σ over one symbol per reel of (product of counts) × line pay, and the denominator it is over. */
function lineNumerator(slot: CompiledSlot): Fraction {
  const counts = slot.strips.map((strip) => {
    const byId = new Map<number, bigint>();
    for (const s of strip) byId.set(s, (byId.get(s) ?? 0n) + 1n);
    return [...byId];
  });
  const symbols = new Array<number>(slot.game.reels).fill(-1);
  let numerator = 0n;
  const visit = (reel: number, weight: bigint) => {
    if (reel === counts.length) {
      const win = evaluateLine(slot, (r) => symbols[r] ?? -1);
      if (win) numerator += weight * BigInt(win.pays);
      return;
    }
    for (const [symbol, count] of counts[reel] ?? []) {
      symbols[reel] = symbol;
      visit(reel + 1, weight * count);
    }
  };
  visit(0, 1n);
  return { numerator, denominator: 1n };
}

/** Number of stop combinations showing each scatter count. */
function scatterWeights(slot: CompiledSlot): Map<number, bigint> {
  let total = new Map<number, bigint>([[0, 1n]]);
  if (slot.scatter === -1) return total;
  for (const strip of slot.strips) {
    const perReel = new Map<number, bigint>();
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < slot.game.rows; row++) if (strip[(stop + row) % strip.length] === slot.scatter) k++;
      perReel.set(k, (perReel.get(k) ?? 0n) + 1n);
    }
    const next = new Map<number, bigint>();
    for (const [a, wa] of total) for (const [b, wb] of perReel) next.set(a + b, (next.get(a + b) ?? 0n) + wa * wb);
    total = next;
  }
  return total;
}

/**
 * Combines the parts, all over `combos` stop combinations. `line` is Σ weight × line units for ONE payline
 * (over `line.denominator`); its expectation per spin in total-bet terms is that same ratio, since the
 * total bet is `lines` line bets and every line has the same expectation.
 */
function withFreeSpins(
  slot: CompiledSlot,
  line: Fraction,
  scatter: Map<number, bigint>,
  combos: bigint,
  method: RtpBreakdown['method'],
): RtpBreakdown {
  const scatterPays = slot.scatter === -1 ? undefined : slot.pays[slot.scatter];
  let scatterNumerator = 0n;
  let triggers = 0n;
  const rule = slot.game.freeSpins;
  for (const [k, weight] of scatter) {
    scatterNumerator += weight * BigInt(scatterPays?.[k] ?? 0);
    if (rule && k >= rule.minScatters) triggers += weight;
  }
  // base = line/(combos·line.den) + scatter/combos, over the common denominator D = combos·line.den.
  const D = combos * line.denominator;
  const baseNumerator = line.numerator + scatterNumerator * line.denominator;
  // E[free spins] = spins.numerator / spins.denominator; total = base · (1 + P(trigger) · E[spins] · multiplier).
  const spins = rule ? expectedFreeSpins(rule, scatter, combos) : { numerator: 0n, denominator: 1n };
  const factor = BigInt(rule?.multiplier ?? 0) * spins.numerator;
  const exact = reduce({
    numerator: baseNumerator * (combos * spins.denominator + triggers * factor),
    denominator: D * combos * spins.denominator,
  });
  const ratio = (f: Fraction) => Number((f.numerator * 10n ** 15n) / f.denominator) / 1e15;
  const base = ratio({ numerator: baseNumerator, denominator: D });
  const total = ratio(exact);
  return {
    lines: ratio({ numerator: line.numerator, denominator: D }),
    scatter: ratio({ numerator: scatterNumerator, denominator: combos }),
    freeSpinsChance: ratio({ numerator: triggers, denominator: combos }),
    expectedFreeSpins: ratio(spins),
    freeSpins: total - base,
    total,
    exact,
    method,
  };
}

/**
 * The expected number of free spins a trigger plays. Each free spin retriggers with the chance q/C of a window
 * with enough scatters. Walk the spins in order keeping, for each total awarded so far, the weight (over C^k)
 * of the chains still playing after k spins; spin k+1 is played with the summed weight of chains awarded more
 * than k. Everything is over C^maxSpins so the sum stays an exact fraction.
 */
export function expectedFreeSpins(rule: FreeSpinsRule, scatter: Map<number, bigint>, combos: bigint): Fraction {
  const retrigger = rule.retrigger;
  if (!retrigger) return { numerator: BigInt(rule.spins), denominator: 1n };
  let q = 0n;
  for (const [k, weight] of scatter) if (k >= retrigger.minScatters) q += weight;
  const cap = Math.max(retrigger.maxSpins, rule.spins);
  let alive = new Map<number, bigint>([[rule.spins, 1n]]);
  let numerator = 0n;
  for (let played = 0; played < cap && alive.size > 0; played++) {
    let weight = 0n;
    for (const w of alive.values()) weight += w;
    numerator += weight * combos ** BigInt(cap - played - 1);
    const next = new Map<number, bigint>();
    const add = (awarded: number, w: bigint) => {
      if (awarded > played + 1 && w > 0n) next.set(awarded, (next.get(awarded) ?? 0n) + w);
    };
    for (const [awarded, w] of alive) {
      add(awardedAfter(rule, awarded, retrigger.minScatters), w * q);
      add(awarded, w * (combos - q));
    }
    alive = next;
  }
  return reduce({ numerator, denominator: combos ** BigInt(cap - 1) });
}

function reduce({ numerator, denominator }: Fraction): Fraction {
  let a = numerator < 0n ? -numerator : numerator;
  let b = denominator;
  while (b) [a, b] = [b, a % b];
  return a === 0n ? { numerator: 0n, denominator: 1n } : { numerator: numerator / a, denominator: denominator / a };
}

// Slot evaluation. Works on symbol indexes in "units" (multiples of the line bet) so the server, the verify
// page, the exact RTP calculation and the 10-million-spin bench all run this one code path.
import { type RandomSource, uniformInt } from '../rng/fair.js';
import { awardedAfter } from './free-spins.js';
import type { LineWin, SlotGame, SlotRound, SpinOutcome } from './types.js';

export interface CompiledSlot {
  game: SlotGame;
  ids: string[];
  strips: Int32Array[];
  /** pays[symbol][count] in units: line bet for regular and wild, total bet (lines × units) for scatter. */
  pays: Float64Array[];
  wild: number;
  scatter: number;
  lines: number;
}

export interface UnitLineWin {
  line: number;
  symbol: number;
  count: number;
  pays: number;
}

export interface UnitSpin {
  stops: number[];
  /** grid[reel][row], symbol indexes. */
  grid: Int32Array[];
  lineWins: UnitLineWin[];
  scatterCount: number;
  /** Scatter pay in multiples of the total bet. */
  scatterPays: number;
  multiplier: number;
  /** Everything this spin pays, in line-bet units, multiplier included. */
  units: number;
}

export interface UnitRound {
  base: UnitSpin;
  freeSpins: UnitSpin[];
  units: number;
}

const compiled = new WeakMap<SlotGame, CompiledSlot>();

export function compileSlot(game: SlotGame): CompiledSlot {
  const cached = compiled.get(game);
  if (cached) return cached;
  const ids = game.symbols.map((s) => s.id);
  const index = (id: string) => {
    const i = ids.indexOf(id);
    if (i < 0) throw new Error(`${game.id}: unknown symbol ${id}`);
    return i;
  };
  if (game.strips.length !== game.reels) throw new Error(`${game.id}: ${game.reels} reels need as many strips`);
  for (const line of game.paylines) {
    if (line.length !== game.reels || line.some((row) => row < 0 || row >= game.rows)) {
      throw new Error(`${game.id}: payline ${line.join(',')} does not fit ${game.reels}×${game.rows}`);
    }
  }
  const result: CompiledSlot = {
    game,
    ids,
    strips: game.strips.map((strip) => Int32Array.from(strip, index)),
    pays: game.symbols.map((symbol) => {
      const row = new Float64Array(game.reels + 1);
      for (const [count, pay] of Object.entries(symbol.pays)) {
        // Integer pays keep every win an exact number of minor units.
        if (!Number.isInteger(pay) || pay < 0) throw new Error(`${game.id}: ${symbol.id} pays ${pay}`);
        row[Number(count)] = pay;
      }
      return row;
    }),
    wild: game.symbols.findIndex((s) => s.kind === 'wild'),
    scatter: game.symbols.findIndex((s) => s.kind === 'scatter'),
    lines: game.paylines.length,
  };
  compiled.set(game, result);
  return result;
}

/**
 * A payline's win: the run of one regular symbol (wilds substituting) from the leftmost reel, or the run of
 * wilds alone, whichever pays more. `symbolAt(reel)` reads the line's cell on each reel.
 */
export function evaluateLine(slot: CompiledSlot, symbolAt: (reel: number) => number): Omit<UnitLineWin, 'line'> | null {
  let symbol = -1;
  let count = 0;
  let wildRun = 0;
  let wildRunOpen = true;
  for (let reel = 0; reel < slot.game.reels; reel++) {
    const s = symbolAt(reel);
    if (s === slot.wild) {
      count++;
      if (wildRunOpen) wildRun++;
      continue;
    }
    wildRunOpen = false;
    if (s === slot.scatter || (symbol !== -1 && s !== symbol)) break;
    symbol = s;
    count++;
  }
  const symbolPays = symbol === -1 ? 0 : (slot.pays[symbol]?.[count] ?? 0);
  const wildPays = slot.wild === -1 ? 0 : (slot.pays[slot.wild]?.[wildRun] ?? 0);
  if (symbolPays === 0 && wildPays === 0) return null;
  return wildPays > symbolPays ? { symbol: slot.wild, count: wildRun, pays: wildPays } : { symbol, count, pays: symbolPays };
}

/** The window shown by a set of stops. */
export function windowAt(slot: CompiledSlot, stops: readonly number[]): Int32Array[] {
  const { rows } = slot.game;
  return slot.strips.map((strip, reel) => {
    const column = new Int32Array(rows);
    const stop = stops[reel] ?? 0;
    for (let row = 0; row < rows; row++) column[row] = strip[(stop + row) % strip.length] ?? -1;
    return column;
  });
}

/** Line and scatter wins of one window; the free-spin multiplier applies to both. */
export function evaluateWindow(slot: CompiledSlot, stops: number[], grid: Int32Array[], multiplier: number): UnitSpin {
  const lineWins: UnitLineWin[] = [];
  let units = 0;
  slot.game.paylines.forEach((line, index) => {
    const win = evaluateLine(slot, (reel) => grid[reel]?.[line[reel] ?? 0] ?? -1);
    if (win) {
      lineWins.push({ line: index, ...win });
      units += win.pays;
    }
  });
  let scatterCount = 0;
  if (slot.scatter !== -1) {
    for (const column of grid) for (const s of column) if (s === slot.scatter) scatterCount++;
  }
  const scatterPays = slot.scatter === -1 ? 0 : (slot.pays[slot.scatter]?.[scatterCount] ?? 0);
  units += scatterPays * slot.lines;
  return { stops, grid, lineWins, scatterCount, scatterPays, multiplier, units: units * multiplier };
}

/** One spin: a uniform stop per reel, drawn in reel order. */
export function spinUnits(slot: CompiledSlot, source: RandomSource, multiplier = 1): UnitSpin {
  const stops = slot.strips.map((strip) => uniformInt(source, strip.length));
  return evaluateWindow(slot, stops, windowAt(slot, stops), multiplier);
}

export function awardsFreeSpins(slot: CompiledSlot, spin: UnitSpin): boolean {
  const rule = slot.game.freeSpins;
  return rule !== undefined && spin.scatterCount >= rule.minScatters;
}

/**
 * A paid round: the base spin, then, when it awards them, the free spins (and any retriggered ones) from the
 * same stream, all settled with the round as one bet.
 */
export function playUnits(slot: CompiledSlot, source: RandomSource): UnitRound {
  const base = spinUnits(slot, source);
  const freeSpins: UnitSpin[] = [];
  const rule = slot.game.freeSpins;
  if (rule && awardsFreeSpins(slot, base)) {
    let awarded = rule.spins;
    for (let played = 0; played < awarded; played++) {
      const free = spinUnits(slot, source, rule.multiplier);
      freeSpins.push(free);
      awarded = awardedAfter(rule, awarded, free.scatterCount);
    }
  }
  return { base, freeSpins, units: freeSpins.reduce((sum, spin) => sum + spin.units, base.units) };
}

/** Bets are whole line bets: the total bet must divide evenly across the paylines. */
export function isValidBet(game: SlotGame, bet: bigint): boolean {
  return bet > 0n && bet % BigInt(game.paylines.length) === 0n;
}

/** Plays one paid round of `bet` (minor units, a multiple of the number of paylines). */
export function spin(game: SlotGame, source: RandomSource, bet: bigint): SlotRound {
  if (!isValidBet(game, bet)) throw new RangeError(`${game.id}: bet must be a positive multiple of ${game.paylines.length}`);
  const slot = compileSlot(game);
  const lineBet = bet / BigInt(slot.lines);
  const round = playUnits(slot, source);
  const base = toOutcome(slot, round.base, lineBet);
  const freeSpins = round.freeSpins.map((s) => toOutcome(slot, s, lineBet));
  const totalWin = freeSpins.reduce((sum, s) => sum + s.win, base.win);
  return { gameId: game.id, bet, lineBet, base, freeSpins, totalWin };
}

function toOutcome(slot: CompiledSlot, spin: UnitSpin, lineBet: bigint): SpinOutcome {
  const multiplier = BigInt(spin.multiplier);
  const lineWins: LineWin[] = spin.lineWins.map((w) => ({
    line: w.line,
    symbol: slot.ids[w.symbol] ?? '',
    count: w.count,
    pays: w.pays,
    amount: lineBet * BigInt(w.pays) * multiplier,
  }));
  const scatterWin =
    spin.scatterPays > 0
      ? {
          count: spin.scatterCount,
          pays: spin.scatterPays,
          amount: lineBet * BigInt(slot.lines) * BigInt(spin.scatterPays) * multiplier,
        }
      : null;
  return {
    stops: spin.stops,
    grid: spin.grid.map((column) => Array.from(column, (s) => slot.ids[s] ?? '')),
    lineWins,
    scatterWin,
    multiplier: spin.multiplier,
    win: lineBet * BigInt(spin.units),
  };
}

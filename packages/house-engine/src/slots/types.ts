// The published shape of a slot game: everything the engine, the RTP calculation and the paytable screen
// read is data, so what a player sees is exactly what is played.

/** `regular` pays on paylines; `wild` substitutes for regular symbols (and may pay itself); `scatter` pays anywhere. */
export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  id: string;
  kind: SymbolKind;
  /**
   * Count → pay. Regular and wild: consecutive symbols on a payline from the leftmost reel, in multiples of
   * the line bet. Scatter: symbols anywhere in the window, in multiples of the total bet.
   */
  pays: Readonly<Record<number, number>>;
}

export interface FreeSpinsRule {
  /** Scatters anywhere in a base-game window that award the feature. */
  minScatters: number;
  spins: number;
  /** Every win during the feature (lines and scatters) is multiplied by this. */
  multiplier: number;
  /**
   * Without it the feature cannot retrigger (scatters in free spins still pay). With it, a free spin showing
   * `minScatters` adds `spins` more, and the feature never plays more than `maxSpins` in all: the cap bounds a
   * round's exposure and keeps the exact RTP a finite sum.
   */
  retrigger?: RetriggerRule;
}

export interface RetriggerRule {
  minScatters: number;
  spins: number;
  maxSpins: number;
}

export interface SlotGame {
  id: string;
  reels: number;
  rows: number;
  symbols: readonly SlotSymbol[];
  /** One strip per reel; a stop shows `rows` consecutive symbols from the stop, wrapping, top row first. */
  strips: readonly (readonly string[])[];
  /** Per line, the row (0 = top) it crosses on each reel. */
  paylines: readonly (readonly number[])[];
  /** The exact theoretical return to player (rtp.ts), rounded to 4 decimals; a test pins it. */
  rtp: number;
  freeSpins?: FreeSpinsRule;
}

export interface LineWin {
  /** Index into the game's paylines. */
  line: number;
  symbol: string;
  count: number;
  /** Pay in multiples of the line bet, before the free-spin multiplier. */
  pays: number;
  amount: bigint;
}

export interface ScatterWin {
  count: number;
  /** Pay in multiples of the total bet, before the free-spin multiplier. */
  pays: number;
  amount: bigint;
}

export interface SpinOutcome {
  stops: number[];
  /** grid[reel][row], symbol ids. */
  grid: string[][];
  lineWins: LineWin[];
  scatterWin: ScatterWin | null;
  /** 1 in the base game, the feature's multiplier in free spins. */
  multiplier: number;
  win: bigint;
}

/** One paid round: the base spin plus every free spin it awarded, settled as one bet. */
export interface SlotRound {
  gameId: string;
  bet: bigint;
  lineBet: bigint;
  base: SpinOutcome;
  freeSpins: SpinOutcome[];
  totalWin: bigint;
}

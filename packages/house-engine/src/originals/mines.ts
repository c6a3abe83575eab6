// Mines: a 5 × 5 grid hides 1–24 mines, placed by the round's stream before the first reveal. The player reveals
// tiles one at a time and may cash out after any safe one; a mine ends the round with nothing. After k safe tiles
// the multiplier is the fair one for surviving them, C(25, k) ÷ C(25 − mines, k), less the published 1 % edge.
import { type RandomSource, uniformInt } from '../rng/fair.js';
import { payoutOf } from './money.js';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const MINES_HOUSE_EDGE = 0.01;
/** The highest multiplier a round reaches (×10,000, in ten-thousandths): the round cashes out by itself there. */
export const MINES_MAX_MULTIPLIER = 100_000_000;

export interface MinesOutcome {
  game: 'mines';
  mines: number;
  /** The tiles revealed, in order (0 = top left, row by row); the last one is the mine on a loss. */
  picks: number[];
  /** Where the mines lay, ascending. */
  mineTiles: number[];
  /** True when a pick found a mine (the round pays nothing). */
  hit: boolean;
  /** Ten-thousandths of the bet paid (0 on a hit). */
  multiplier: number;
}

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

export const isValidMinesCount = (mines: number) => Number.isInteger(mines) && mines >= MINES_MIN && mines <= MINES_MAX;

/** 0.99 × C(25, safe) ÷ C(25 − mines, safe) in ten-thousandths, rounded down (the house never pays above its edge). */
export function minesMultiplier(mines: number, safe: number): number {
  if (!isValidMinesCount(mines) || !Number.isInteger(safe) || safe < 0 || safe > MINES_TILES - mines) {
    throw new RangeError(`mines: no ${safe} safe tiles beside ${mines} mines`);
  }
  return Number((9_900n * binomial(MINES_TILES, safe)) / binomial(MINES_TILES - mines, safe));
}

/** The most safe tiles a round of `mines` reveals: every safe tile, or fewer where the multiplier would pass ×10,000. */
export function minesMaxPicks(mines: number): number {
  let picks = 0;
  while (picks < MINES_TILES - mines && minesMultiplier(mines, picks + 1) <= MINES_MAX_MULTIPLIER) picks++;
  return picks;
}

/** The mines' tiles, ascending: a partial Fisher–Yates shuffle of the 25 tiles, one uniform draw per mine. */
export function minesBoard(source: RandomSource, mines: number): number[] {
  if (!isValidMinesCount(mines)) throw new RangeError('mines: 1 to 24 mines');
  const tiles = Array.from({ length: MINES_TILES }, (_, i) => i);
  for (let i = 0; i < mines; i++) {
    const j = i + uniformInt(source, MINES_TILES - i);
    [tiles[i], tiles[j]] = [tiles[j] as number, tiles[i] as number];
  }
  return tiles.slice(0, mines).sort((a, b) => a - b);
}

/** Picks a round may be played with: distinct tiles of the grid, at least one, at most `minesMaxPicks`. */
export function isValidMinesPicks(mines: number, picks: readonly number[]): boolean {
  if (!isValidMinesCount(mines) || picks.length < 1 || picks.length > minesMaxPicks(mines)) return false;
  return picks.every((p) => Number.isInteger(p) && p >= 0 && p < MINES_TILES) && new Set(picks).size === picks.length;
}

/** The round of `picks` on the board the stream places: it stops at the first mine. */
export function minesOutcome(mines: number, mineTiles: readonly number[], picks: readonly number[]): MinesOutcome {
  const hitAt = picks.findIndex((p) => mineTiles.includes(p));
  const played = hitAt === -1 ? [...picks] : picks.slice(0, hitAt + 1);
  const hit = hitAt !== -1;
  return {
    game: 'mines',
    mines,
    picks: played,
    mineTiles: [...mineTiles],
    hit,
    multiplier: hit ? 0 : minesMultiplier(mines, played.length),
  };
}

export function playMines(source: RandomSource, mines: number, picks: readonly number[]): MinesOutcome {
  if (!isValidMinesPicks(mines, picks)) throw new RangeError('mines: distinct tiles of the grid, within the round’s limit');
  return minesOutcome(mines, minesBoard(source, mines), picks);
}

export const minesWin = (outcome: MinesOutcome, stake: bigint) =>
  outcome.hit ? 0n : payoutOf(stake, outcome.multiplier, 10_000);

/** Exact return of cashing out after `safe` tiles: P(safe tiles survive) × multiplier, as a fraction. */
export function minesRtp(mines: number, safe: number) {
  return {
    numerator: binomial(MINES_TILES - mines, safe) * BigInt(minesMultiplier(mines, safe)),
    denominator: binomial(MINES_TILES, safe) * 10_000n,
  };
}

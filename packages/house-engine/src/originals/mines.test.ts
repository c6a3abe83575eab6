import { describe, expect, it } from 'vitest';
import { FairStream, type RandomSource } from '../rng/fair.js';
import {
  isValidMinesPicks,
  MINES_MAX,
  MINES_MAX_MULTIPLIER,
  MINES_MIN,
  MINES_TILES,
  minesBoard,
  minesMaxPicks,
  minesMultiplier,
  minesRtp,
  minesWin,
  playMines,
} from './mines.js';
import { choiceOf, originalWin, playOriginal } from './originals.js';

const words = (...values: number[]): RandomSource => {
  let i = 0;
  return { nextUint32: () => values[i++] ?? 0 };
};
const seeds = { serverSeed: '1f'.repeat(32), clientSeed: 'player-seed', nonce: 3 };

describe('mines', () => {
  it('places the mines by a partial Fisher–Yates shuffle, one draw per mine', () => {
    // Draw 0 keeps tile 0 first; draw 3 of the 24 left swaps tile 4 into place 1.
    expect(minesBoard(words(0, 3), 2)).toEqual([0, 4]);
    expect(minesBoard(words(24), 1)).toEqual([24]);
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines++) {
      const board = minesBoard(new FairStream({ ...seeds, nonce: mines }), mines);
      expect(board).toHaveLength(mines);
      expect(new Set(board).size).toBe(mines);
      expect(board.every((t) => t >= 0 && t < MINES_TILES)).toBe(true);
    }
  });

  it('pays 0.99 × C(25, k) ÷ C(25 − mines, k), rounded down to 1/10,000', () => {
    expect(minesMultiplier(1, 1)).toBe(10_312); // 0.99 × 25/24 = 1.03125
    expect(minesMultiplier(3, 1)).toBe(11_250); // 0.99 × 25/22
    expect(minesMultiplier(3, 2)).toBe(12_857); // 0.99 × 300/231 = 1.285714…
    expect(minesMultiplier(24, 1)).toBe(247_500); // 0.99 × 25
    expect(minesMultiplier(1, 24)).toBe(247_500);
    expect(() => minesMultiplier(5, 21)).toThrow(RangeError);
    expect(() => minesMultiplier(0, 1)).toThrow(RangeError);
  });

  it('returns between 98.99 % and 99 % for every number of mines and every cash-out point (exact)', () => {
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines++) {
      for (let safe = 1; safe <= minesMaxPicks(mines); safe++) {
        const { numerator, denominator } = minesRtp(mines, safe);
        expect(numerator * 100n <= denominator * 99n).toBe(true);
        expect(Number(numerator) / Number(denominator)).toBeGreaterThan(0.99 - 1e-4);
      }
    }
  });

  it('stops a round at ×10,000: no reveal is offered past it', () => {
    expect(minesMaxPicks(1)).toBe(24);
    expect(minesMaxPicks(3)).toBe(22);
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines++) {
      const max = minesMaxPicks(mines);
      expect(minesMultiplier(mines, max)).toBeLessThanOrEqual(MINES_MAX_MULTIPLIER);
      if (max < MINES_TILES - mines) expect(minesMultiplier(mines, max + 1)).toBeGreaterThan(MINES_MAX_MULTIPLIER);
    }
    expect(
      isValidMinesPicks(
        12,
        Array.from({ length: minesMaxPicks(12) + 1 }, (_, i) => i),
      ),
    ).toBe(false);
  });

  it('stops at the first mine and pays nothing; cashing out pays the multiplier of the safe tiles', () => {
    const lost = playMines(words(0, 3), 2, [7, 4, 9]);
    expect(lost).toEqual({ game: 'mines', mines: 2, picks: [7, 4], mineTiles: [0, 4], hit: true, multiplier: 0 });
    expect(minesWin(lost, 1000n)).toBe(0n);
    const won = playMines(words(0, 3), 2, [7, 9]);
    expect(won.hit).toBe(false);
    expect(won.multiplier).toBe(minesMultiplier(2, 2));
    expect(minesWin(won, 1000n)).toBe((1000n * BigInt(won.multiplier)) / 10_000n);
  });

  it('refuses picks outside the grid, repeated or none', () => {
    expect(isValidMinesPicks(3, [0, 24])).toBe(true);
    expect(isValidMinesPicks(3, [])).toBe(false);
    expect(isValidMinesPicks(3, [25])).toBe(false);
    expect(isValidMinesPicks(3, [2, 2])).toBe(false);
    expect(isValidMinesPicks(3, [1.5])).toBe(false);
    expect(isValidMinesPicks(25, [1])).toBe(false);
  });

  it('replays from its seeds through the instant games’ play, keeping the picks as its choice', () => {
    const choice = { game: 'mines' as const, mines: 5, picks: [12, 0, 24] };
    const first = playOriginal(new FairStream(seeds), choice);
    expect(playOriginal(new FairStream(seeds), choice)).toEqual(first);
    expect(choiceOf(first)).toEqual(first.game === 'mines' ? { ...choice, picks: first.picks } : choice);
    expect(originalWin(first, 1000n)).toBeGreaterThanOrEqual(0n);
  });
});

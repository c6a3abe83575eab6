import { describe, expect, it } from 'vitest';
import { FairStream, type RoundSeeds, replayRound } from '../rng/fair.js';
import { paytableOf, SLOT_GAMES, slotGameById } from './catalogue.js';
import { compileSlot, evaluateLine, isValidBet, playUnits, spin } from './engine.js';
import { classicSevens } from './games/classic-sevens.js';
import { lotusFortune } from './games/lotus-fortune.js';
import { exactRtp, rtpByStops } from './rtp.js';
import type { SlotGame } from './types.js';

const SEEDS: RoundSeeds = { serverSeed: 'ab'.repeat(32), clientSeed: 'slots', nonce: 0 };

/** The line win of one row of symbol ids, as the engine evaluates paylines. */
const lineOf = (game: SlotGame, ids: string[]) => {
  const slot = compileSlot(game);
  const win = evaluateLine(slot, (reel) => slot.ids.indexOf(ids[reel] ?? ''));
  return win && { symbol: slot.ids[win.symbol], count: win.count, pays: win.pays };
};

describe.each(SLOT_GAMES.map((game) => ({ id: game.id, game })))('$id data', ({ game }) => {
  it('pays for every symbol except a substitute-only wild, and every symbol is on a reel', () => {
    for (const symbol of game.symbols) {
      const pays = Object.entries(symbol.pays);
      if (symbol.kind !== 'wild') expect(pays.length, symbol.id).toBeGreaterThan(0);
      for (const [count, pay] of pays) {
        expect(Number(count)).toBeGreaterThanOrEqual(1);
        expect(Number(count)).toBeLessThanOrEqual(game.reels);
        expect(Number.isInteger(pay) && pay > 0, `${symbol.id} ${count}`).toBe(true);
      }
      expect(
        game.strips.some((strip) => strip.includes(symbol.id)),
        symbol.id,
      ).toBe(true);
    }
    expect(game.symbols.filter((s) => s.kind === 'wild').length).toBeLessThanOrEqual(1);
    expect(game.symbols.filter((s) => s.kind === 'scatter').length).toBeLessThanOrEqual(1);
  });

  it('pays more for longer runs of the same symbol', () => {
    for (const symbol of game.symbols) {
      const pays = Object.entries(symbol.pays).sort(([a], [b]) => Number(a) - Number(b));
      for (let i = 1; i < pays.length; i++) expect(pays[i]?.[1]).toBeGreaterThan(pays[i - 1]?.[1] ?? 0);
    }
  });

  it('publishes the exact RTP, near 96 %', () => {
    const rtp = exactRtp(game);
    expect(rtp.total).toBeCloseTo(game.rtp, 4);
    expect(game.rtp).toBeGreaterThan(0.95);
    expect(game.rtp).toBeLessThan(0.97);
    expect(rtp.exact.denominator).toBeGreaterThan(0n);
  });

  it('publishes a paytable the client can render', () => {
    const table = paytableOf(game);
    expect(table.betMultipleOf).toBe(game.paylines.length);
    expect(table.symbols.map((s) => s.id)).toEqual(game.symbols.map((s) => s.id));
    for (const symbol of table.symbols) {
      expect(symbol.basis).toBe(symbol.kind === 'scatter' ? 'totalBet' : 'lineBet');
      expect(symbol.pays.map((p) => p.count)).toEqual([...symbol.pays.map((p) => p.count)].sort((a, b) => b - a));
    }
    expect(JSON.parse(JSON.stringify(table))).toEqual(table);
    expect(slotGameById(game.id)).toBe(game);
  });

  it('plays the same round from the same seeds, and settles wins as line bets', () => {
    const bet = BigInt(game.paylines.length * 10);
    for (let nonce = 0; nonce < 200; nonce++) {
      const seeds = { ...SEEDS, nonce };
      const round = replayRound(seeds, (source) => spin(game, source, bet));
      expect(replayRound(seeds, (source) => spin(game, source, bet))).toEqual(round);
      const spins = [round.base, ...round.freeSpins];
      expect(round.totalWin).toBe(spins.reduce((sum, s) => sum + s.win, 0n));
      for (const s of spins) {
        const parts = s.lineWins.reduce((sum, w) => sum + w.amount, s.scatterWin?.amount ?? 0n);
        expect(s.win).toBe(parts);
        expect(s.grid).toHaveLength(game.reels);
        expect(s.grid.every((column) => column.length === game.rows)).toBe(true);
      }
      expect(round.totalWin % round.lineBet).toBe(0n);
    }
  });

  it('returns its RTP in a quick simulation (mean within 5 standard errors)', () => {
    const slot = compileSlot(game);
    const lines = game.paylines.length;
    const n = 40_000;
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const returned = playUnits(slot, new FairStream({ ...SEEDS, clientSeed: 'rtp', nonce })).units / lines;
      sum += returned;
      sumSquares += returned * returned;
    }
    const mean = sum / n;
    const standardError = Math.sqrt((sumSquares / n - mean * mean) / n);
    expect(Math.abs(mean - game.rtp)).toBeLessThan(5 * standardError);
  }, 30_000);
});

describe('line rules (Lotus Fortune)', () => {
  it('lets wilds stand in for a regular symbol anywhere in the run', () => {
    expect(lineOf(lotusFortune, ['WILD', 'LOTUS', 'LOTUS', 'A', 'K'])).toEqual({ symbol: 'LOTUS', count: 3, pays: 40 });
    expect(lineOf(lotusFortune, ['LOTUS', 'WILD', 'LOTUS', 'WILD', 'K'])).toEqual({ symbol: 'LOTUS', count: 4, pays: 150 });
    expect(lineOf(lotusFortune, ['A', 'A', 'K', 'A', 'A'])).toBeNull();
  });

  it('pays wilds as themselves when that pays more than what they complete', () => {
    expect(lineOf(lotusFortune, ['WILD', 'WILD', 'WILD', 'WILD', 'J'])).toEqual({ symbol: 'WILD', count: 4, pays: 250 });
    expect(lineOf(lotusFortune, ['WILD', 'WILD', 'WILD', 'A', 'A'])).toEqual({ symbol: 'A', count: 5, pays: 125 });
    expect(lineOf(lotusFortune, ['WILD', 'WILD', 'WILD', 'WILD', 'WILD'])).toEqual({ symbol: 'WILD', count: 5, pays: 1000 });
  });

  it('never substitutes for the scatter, which breaks a line', () => {
    expect(lineOf(lotusFortune, ['SCATTER', 'WILD', 'WILD', 'A', 'A'])).toBeNull();
    expect(lineOf(lotusFortune, ['A', 'A', 'SCATTER', 'A', 'A'])).toBeNull();
    expect(lineOf(lotusFortune, ['WILD', 'WILD', 'WILD', 'SCATTER', 'A'])).toEqual({ symbol: 'WILD', count: 3, pays: 50 });
  });

  it('pays any-cherry from the left on the classic', () => {
    expect(lineOf(classicSevens, ['CHERRY', 'BELL', 'BELL'])).toEqual({ symbol: 'CHERRY', count: 1, pays: 1 });
    expect(lineOf(classicSevens, ['WILD', 'CHERRY', 'BELL'])).toEqual({ symbol: 'CHERRY', count: 2, pays: 3 });
    expect(lineOf(classicSevens, ['BELL', 'CHERRY', 'CHERRY'])).toBeNull();
  });
});

describe('rounds', () => {
  it('refuses bets that do not split evenly into line bets', () => {
    const source = new FairStream(SEEDS);
    expect(isValidBet(lotusFortune, 20n)).toBe(true);
    expect(() => spin(lotusFortune, source, 30n)).toThrow(RangeError);
    expect(() => spin(lotusFortune, source, 0n)).toThrow(RangeError);
    expect(() => spin(classicSevens, source, -5n)).toThrow(RangeError);
  });

  it('plays the awarded free spins in the same round with the multiplier', () => {
    const rule = lotusFortune.freeSpins;
    let nonce = 0;
    let round = spin(lotusFortune, new FairStream({ ...SEEDS, nonce }), 20n);
    while (round.freeSpins.length === 0) {
      nonce++;
      round = spin(lotusFortune, new FairStream({ ...SEEDS, nonce }), 20n);
    }
    expect(round.base.scatterWin?.count).toBeGreaterThanOrEqual(rule?.minScatters ?? 0);
    expect(round.freeSpins).toHaveLength(rule?.spins ?? 0);
    for (const free of round.freeSpins) {
      expect(free.multiplier).toBe(rule?.multiplier);
      for (const w of free.lineWins) expect(w.amount).toBe(BigInt(w.pays * (rule?.multiplier ?? 0)) * round.lineBet);
    }
  });
});

describe('exact RTP', () => {
  /** Small enough to enumerate every stop (5^5 combinations) yet with wilds, scatters and free spins. */
  const tiny: SlotGame = {
    ...lotusFortune,
    id: 'tiny',
    rtp: 0,
    strips: [
      ['A', 'K', 'WILD', 'SCATTER', 'Q'],
      ['K', 'A', 'SCATTER', 'WILD', 'A'],
      ['A', 'WILD', 'K', 'Q', 'SCATTER'],
      ['Q', 'A', 'K', 'WILD', 'SCATTER'],
      ['SCATTER', 'A', 'K', 'Q', 'WILD'],
    ],
    symbols: lotusFortune.symbols.filter((s) => ['A', 'K', 'Q', 'WILD', 'SCATTER'].includes(s.id)),
  };

  it.each([
    { id: 'tiny', game: tiny },
    { id: 'classic-sevens', game: classicSevens },
  ])('equals the brute force over every stop combination ($id)', ({ game }) => {
    const fast = exactRtp(game);
    const brute = rtpByStops(game);
    expect(fast.exact).toEqual(brute.exact);
    expect(fast.freeSpinsChance).toBe(brute.freeSpinsChance);
  });
});

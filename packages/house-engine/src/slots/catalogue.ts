// The house slots and the paytable the game client renders (published data, not a description of it).
import { bengalTiger } from './games/bengal-tiger.js';
import { classicSevens } from './games/classic-sevens.js';
import { festivalLights } from './games/festival-lights.js';
import { lotusFortune } from './games/lotus-fortune.js';
import type { FreeSpinsRule, SlotGame, SymbolKind } from './types.js';

export const SLOT_GAMES: readonly SlotGame[] = [lotusFortune, classicSevens, bengalTiger, festivalLights];

export function slotGameById(id: string): SlotGame | undefined {
  return SLOT_GAMES.find((game) => game.id === id);
}

export interface PaytableSymbol {
  id: string;
  kind: SymbolKind;
  /** Highest count first, as paytables are printed. */
  pays: { count: number; pays: number }[];
  /** Line pays are multiples of the line bet; scatter pays multiples of the total bet. */
  basis: 'lineBet' | 'totalBet';
  /** For a wild: the symbols it stands in for. */
  substitutesFor: string[];
}

export interface Paytable {
  gameId: string;
  reels: number;
  rows: number;
  paylines: (readonly number[])[];
  /** The total bet must be a multiple of this (one line bet per payline). */
  betMultipleOf: number;
  rtp: number;
  symbols: PaytableSymbol[];
  freeSpins: FreeSpinsRule | null;
}

export function paytableOf(game: SlotGame): Paytable {
  const regular = game.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
  return {
    gameId: game.id,
    reels: game.reels,
    rows: game.rows,
    paylines: [...game.paylines],
    betMultipleOf: game.paylines.length,
    rtp: game.rtp,
    symbols: game.symbols.map((symbol) => ({
      id: symbol.id,
      kind: symbol.kind,
      pays: Object.entries(symbol.pays)
        .map(([count, pays]) => ({ count: Number(count), pays }))
        .sort((a, b) => b.count - a.count),
      basis: symbol.kind === 'scatter' ? 'totalBet' : 'lineBet',
      substitutesFor: symbol.kind === 'wild' ? regular : [],
    })),
    freeSpins: game.freeSpins ?? null,
  };
}

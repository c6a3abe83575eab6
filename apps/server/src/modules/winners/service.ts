import type { Winner, WinnerBoard, WinnerPeriod } from '@tessera/contract/api/winners';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './repo.js';

const PERIOD_MS: Record<WinnerPeriod, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };

/**
 * Other players see the board: never the whole account. Short accounts show their first character only; longer
 * ones the first two and the last; the stars are always three, so the length stays hidden too.
 */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length < 6) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}

export interface BoardRequest {
  merchantCode: string;
  board: WinnerBoard;
  period: WinnerPeriod;
  gameCategory?: GameCategory;
  language: string;
  limit: number;
}

/** Every visitor of a merchant's home page asks the same question: the answer is shared for a few seconds. */
export const BOARD_CACHE_MS = 10_000;
const CACHE_MAX_ENTRIES = 1000;

export class WinnersService {
  private readonly cache = new Map<string, { expiresAt: number; list: Promise<Winner[]> }>();

  constructor(private readonly db: Kysely<Database>) {}

  board(request: BoardRequest): Promise<Winner[]> {
    const key = JSON.stringify(request);
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached.list;
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    const list = this.read(request, now);
    this.cache.set(key, { expiresAt: now + BOARD_CACHE_MS, list });
    // A failed read is not kept: the next visitor asks the database again.
    list.catch(() => this.cache.delete(key));
    return list;
  }

  private async read(request: BoardRequest, now: number): Promise<Winner[]> {
    const rows = await repo.selectWinners(this.db, {
      merchantCode: request.merchantCode,
      board: request.board,
      since: new Date(now - PERIOD_MS[request.period]),
      gameCategory: request.gameCategory,
      language: request.language,
      limit: request.limit,
    });
    return rows.map((row) => ({
      vo: {
        account: maskAccount(row.account),
        gameCode: row.game_code,
        gameName: row.game_name,
        gameCategory: row.game_category,
        vassalage: row.vendor,
        winAmount: row.win.toString(),
        winTime: row.won_at.getTime(),
      },
    }));
  }
}

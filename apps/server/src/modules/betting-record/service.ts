import {
  BET_RECORD_MAX_RANGE_MS,
  BET_RECORD_PAGE_SIZE,
  type BetRecordPage,
  type BetRecordQuery,
  type ProfitSummary,
} from '@tessera/contract/api/betting-record';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type BetRow, selectBets, selectProfit } from './repo.js';

const toRecord = (row: BetRow) => ({
  roundId: row.round_id,
  vendor: row.vendor,
  gameCode: row.game_code,
  gameName: row.game_name,
  gameCategory: row.game_category,
  gameClassify: row.game_classify,
  betMinor: String(row.bet),
  winMinor: String(row.win),
  status: row.status,
  playMoney: row.play_money,
  time: new Date(row.created_at).getTime(),
  verifiable: row.verifiable,
});

function assertRange(startTime: number, endTime: number) {
  if (endTime <= startTime || endTime - startTime > BET_RECORD_MAX_RANGE_MS) {
    throw new AppError('records.range.invalid', {
      fields: [{ field: 'querystring/endTime', key: 'errors.records_range_invalid', params: { maxDays: 31 } }],
    });
  }
}

/** The betting record and personal profit and loss: the session's member only, ranges of at most 31 days. */
export class BettingRecordService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(merchantCode: string, memberId: bigint, language: string, query: BetRecordQuery): Promise<BetRecordPage> {
    assertRange(query.startTime, query.endTime);
    const page = query.page ?? 1;
    const size = query.size ?? BET_RECORD_PAGE_SIZE;
    const result = await selectBets(
      this.db,
      {
        merchantCode,
        memberId,
        language,
        start: new Date(query.startTime),
        end: new Date(query.endTime),
        gameCategory: query.gameCategory,
        gameCode: query.gameCode,
      },
      { offset: (page - 1) * size, limit: size },
    );
    return {
      content: result.rows.map(toRecord),
      page,
      size,
      total: result.total,
      totalPages: Math.ceil(result.total / size),
      summary: { betMinor: result.betTotal.toString(), winMinor: result.winTotal.toString(), rounds: result.total },
      games: result.games.map((game) => ({
        gameCode: game.game_code,
        gameName: game.game_name,
        gameCategory: game.game_category,
      })),
    };
  }

  async profit(
    merchantCode: string,
    memberId: bigint,
    query: { startTime: number; endTime: number; utcOffsetMinutes: number },
  ): Promise<ProfitSummary> {
    assertRange(query.startTime, query.endTime);
    const rows = await selectProfit(
      this.db,
      { merchantCode, memberId, language: 'en', start: new Date(query.startTime), end: new Date(query.endTime) },
      query.utcOffsetMinutes,
    );
    let bet = 0n;
    let win = 0n;
    let rounds = 0;
    const days = rows.map((row) => {
      const dayBet = BigInt(row.bet);
      const dayWin = BigInt(row.win);
      bet += dayBet;
      win += dayWin;
      rounds += row.rounds;
      return {
        day: row.day,
        gameCategory: row.game_category ?? 'OTHER',
        betMinor: dayBet.toString(),
        winMinor: dayWin.toString(),
        profitMinor: (dayWin - dayBet).toString(),
        rounds: row.rounds,
      };
    });
    return {
      days,
      totals: { betMinor: bet.toString(), winMinor: win.toString(), profitMinor: (win - bet).toString(), rounds },
    };
  }
}

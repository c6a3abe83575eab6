import { type Static, Type } from 'typebox';
import { GameCategory } from '../catalogue/categories.js';
import * as routes from '../routes/winners.js';
import { defineCall } from './call.js';
import { MinorAmount } from './money.js';

/**
 * The winners board (spec §7.3 `GCSGAME_getRankList`; the winners list screen of spec §2.1 is "not shown"):
 * real wins of the merchant's players — house slot rounds, third-party vendor payouts, lottery tickets —
 * token-free (docs/decisions.md "Platform": a visitor may read it). Accounts are masked; member ids never leave.
 */

export const WINNER_BOARDS = ['top', 'latest'] as const;
export const WINNER_PERIODS = ['day', 'week', 'month'] as const;
export const WINNERS_MAX = 50;

export const WinnerBoard = Type.Enum(WINNER_BOARDS, {
  description: "'top': the biggest wins of the period; 'latest': the most recent wins (of the period)",
});
export type WinnerBoard = Static<typeof WinnerBoard>;
export const WinnerPeriod = Type.Enum(WINNER_PERIODS, { description: 'The last 24 hours, 7 days or 30 days' });
export type WinnerPeriod = Static<typeof WinnerPeriod>;

export const Winner = Type.Object({
  vo: Type.Object({
    account: Type.String({ description: 'Masked: first characters, ***, last character (never the whole account)' }),
    gameCode: Type.String(),
    gameName: Type.String({ description: "In the request's language, else English, else the game code" }),
    gameCategory: Type.Union([GameCategory, Type.Null()]),
    vassalage: Type.String(),
    winAmount: MinorAmount,
    winTime: Type.Integer({ description: 'Epoch milliseconds' }),
  }),
});
export type Winner = Static<typeof Winner>;

export const getRankList = defineCall(routes.getRankList, {
  tags: ['games'],
  summary: 'The winners board: the biggest or the latest real-money wins of a period, masked accounts, biggest first',
  querystring: Type.Object({
    board: Type.Optional(WinnerBoard),
    period: Type.Optional(WinnerPeriod),
    gameCategory: Type.Optional(GameCategory),
    limitNum: Type.Optional(Type.Integer({ minimum: 1, maximum: WINNERS_MAX, default: 10 })),
    language: Type.Optional(
      Type.String({ maxLength: 10, description: 'Language code; the Language header is used when absent' }),
    ),
  }),
  value: Type.Object({
    board: WinnerBoard,
    period: WinnerPeriod,
    list: Type.Array(Winner),
  }),
});

export const winnerCalls = [getRankList];

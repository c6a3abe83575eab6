import { type Static, Type } from 'typebox';
import { GameCategory } from '../catalogue/categories.js';
import * as routes from '../routes/betting-record.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { MinorAmount, signedMinorAmount } from './money.js';

/**
 * Betting record (`personalHistoryCopy`) and personal profit and loss (`personalProfit`) of the members centre
 * (spec §2.4, issue 6 item 5): every bet the member placed in any game, one row per round, and the same rounds
 * summed by day and category. Ranges follow the account record (whole days in epoch ms, at most 31 days).
 */

export const BET_RECORD_MAX_RANGE_MS = 31 * 24 * 3600_000;
export const BET_RECORD_PAGE_SIZE = 10;

const GameCode = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' });

const Range = {
  startTime: EpochMs('Epoch ms, inclusive'),
  endTime: EpochMs('Epoch ms, exclusive; at most 31 days after startTime'),
};

export const BetRecordQuery = Type.Object(
  {
    ...Range,
    gameCategory: Type.Optional(GameCategory),
    gameCode: Type.Optional(GameCode),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: BET_RECORD_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type BetRecordQuery = Static<typeof BetRecordQuery>;

/** settled: the round is over; open: the vendor has taken the stake and not yet paid; refunded: the stake came back. */
export const BetStatus = Type.Union([Type.Literal('settled'), Type.Literal('open'), Type.Literal('refunded')]);
export type BetStatus = Static<typeof BetStatus>;

export const BetRecord = Type.Object({
  roundId: Type.String({ description: "The vendor's round id; for house games the id the verify call takes" }),
  vendor: Type.String({ description: 'Vendor code (vassalage), e.g. TESSERA_RNG' }),
  gameCode: Type.String(),
  gameName: Type.String({ description: 'In the Language header; the game code when the catalogue no longer lists it' }),
  gameCategory: Type.Union([Type.String(), Type.Null()]),
  gameClassify: Type.Union([Type.String(), Type.Null()], {
    description: "The game's kind in the catalogue (SLOT, INSTANT, …); null when the catalogue no longer lists it",
  }),
  betMinor: MinorAmount,
  winMinor: MinorAmount,
  status: BetStatus,
  playMoney: Type.Boolean({ description: 'A trial account played with play money' }),
  time: Type.Integer({ description: 'Epoch ms of the stake' }),
  verifiable: Type.Boolean({ description: 'A provably fair house round: GET /wps/house-games/rounds/verify checks it' }),
});
export type BetRecord = Static<typeof BetRecord>;

export const BetRecordPage = Type.Object({
  content: Type.Array(BetRecord),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  summary: Type.Object(
    { betMinor: MinorAmount, winMinor: MinorAmount, rounds: Type.Integer() },
    { description: 'All rounds matching the filter (every page), real money only' },
  ),
  games: Type.Array(
    Type.Object({ gameCode: Type.String(), gameName: Type.String(), gameCategory: Type.Union([Type.String(), Type.Null()]) }),
    {
      description: 'The games the member bet on in the range: the choices of the game filter',
    },
  ),
});
export type BetRecordPage = Static<typeof BetRecordPage>;

export const getBettingRecord = defineCall(routes.getBettingRecord, {
  tags: ['records'],
  summary: "Betting record: the member's rounds of every game in a range of at most 31 days, by category or game, newest first",
  querystring: BetRecordQuery,
  value: BetRecordPage,
});

export const ProfitQuery = Type.Object(
  {
    ...Range,
    utcOffsetMinutes: Type.Integer({
      minimum: -840,
      maximum: 840,
      description: "The player's UTC offset: days are the player's calendar days (e.g. 360 for Dhaka)",
    }),
  },
  { additionalProperties: false },
);
export type ProfitQuery = Static<typeof ProfitQuery>;

const ProfitFigures = {
  betMinor: MinorAmount,
  winMinor: MinorAmount,
  profitMinor: signedMinorAmount('win − bet: negative is a loss'),
  rounds: Type.Integer(),
};

export const ProfitSummary = Type.Object({
  days: Type.Array(
    Type.Object({
      day: Type.String({ description: 'yyyy-MM-dd in the player offset' }),
      gameCategory: Type.String(),
      ...ProfitFigures,
    }),
    { description: 'One row per day and category with bets, oldest first' },
  ),
  totals: Type.Object(ProfitFigures),
});
export type ProfitSummary = Static<typeof ProfitSummary>;

export const getPersonalProfit = defineCall(routes.getPersonalProfit, {
  tags: ['records'],
  summary: "Personal profit and loss: the member's real-money bets and wins by day and category in a range of at most 31 days",
  querystring: ProfitQuery,
  value: ProfitSummary,
});

export const bettingRecordCalls = [getBettingRecord, getPersonalProfit];

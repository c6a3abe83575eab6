import type { LotteryGame, LotteryKind, LotteryPrizeMode } from '@tessera/contract/api/lottery';
import { engineOf } from './engine.js';

/** The house lottery vendors in the catalogue (static/catalogue/demo-catalogue.json). */
export const LOTT_VENDOR = 'TESSERA_LOTT';
export const ELOTT_VENDOR = 'TESSERA_ELOTT';

/** Draw numbers (numero dates) and the VN draw time are in Vietnam's zone: UTC+7 all year, no DST. */
export const LOTTERY_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const LOTTERY_UTC_OFFSET_MINUTES = 7 * 60;

export type DrawSchedule = { every: 'interval'; seconds: number } | { every: 'day'; minuteOfDay: number };

export interface LotteryGameDef {
  /** Catalogue game code. */
  gameCode: string;
  vendor: typeof LOTT_VENDOR | typeof ELOTT_VENDOR;
  category: 'LOTT' | 'ELOTT';
  kind: LotteryKind;
  prizeMode: LotteryPrizeMode;
  schedule: DrawSchedule;
  /** Bets close this long before the draw. */
  cutoffSeconds: number;
  /** Per ticket, minor units. */
  minStake: bigint;
  maxStake: bigint;
  maxBetsPerSlip: number;
}

/**
 * The lotteries the house runs. Stakes ৳1–৳5,000 per ticket: the largest single payout (a ৳5,000 three-digit
 * pick at ×980) stays within what one draw's house exposure is sized for.
 */
export const LOTTERY_GAMES: readonly LotteryGameDef[] = [
  {
    gameCode: 'TS_ELOTT_1M',
    vendor: ELOTT_VENDOR,
    category: 'ELOTT',
    kind: 'FAST3',
    prizeMode: 'Elott',
    schedule: { every: 'interval', seconds: 60 },
    cutoffSeconds: 10,
    minStake: 100n,
    maxStake: 500_000n,
    maxBetsPerSlip: 20,
  },
  {
    gameCode: 'TS_SEA_LOTTO',
    vendor: LOTT_VENDOR,
    category: 'LOTT',
    kind: 'SEA5D',
    prizeMode: 'SEA',
    schedule: { every: 'interval', seconds: 300 },
    cutoffSeconds: 30,
    minStake: 100n,
    maxStake: 500_000n,
    maxBetsPerSlip: 50,
  },
  {
    // The real northern (miền Bắc) draw: 18:15 in Hanoi every day.
    gameCode: 'TS_VN_LOTTO',
    vendor: LOTT_VENDOR,
    category: 'LOTT',
    kind: 'VN',
    prizeMode: 'Lott',
    schedule: { every: 'day', minuteOfDay: 18 * 60 + 15 },
    cutoffSeconds: 15 * 60,
    minStake: 100n,
    maxStake: 500_000n,
    maxBetsPerSlip: 50,
  },
];

export const lotteryGameByCode = (gameCode: string) => LOTTERY_GAMES.find((game) => game.gameCode === gameCode);

/**
 * The game as it actually runs on this server: `LOTTERY_DRAW_INTERVAL_SECONDS` (tests, demos) makes every game
 * draw on that interval with a cut-off of a fifth of it (at least 2 s).
 */
export function effectiveGame(game: LotteryGameDef, intervalOverrideSeconds: number | undefined): LotteryGameDef {
  if (intervalOverrideSeconds === undefined) return game;
  return {
    ...game,
    schedule: { every: 'interval', seconds: intervalOverrideSeconds },
    cutoffSeconds: Math.max(2, Math.floor(intervalOverrideSeconds / 5)),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function gameView(game: LotteryGameDef): LotteryGame {
  const { schedule } = game;
  return {
    gameCode: game.gameCode,
    vendor: game.vendor,
    category: game.category,
    kind: game.kind,
    prizeMode: game.prizeMode,
    intervalSeconds: schedule.every === 'interval' ? schedule.seconds : null,
    dailyAt:
      schedule.every === 'day' ? `${pad2(Math.floor(schedule.minuteOfDay / 60))}:${pad2(schedule.minuteOfDay % 60)}` : null,
    timeZone: LOTTERY_TIME_ZONE,
    cutoffSeconds: game.cutoffSeconds,
    limits: { minStake: game.minStake.toString(), maxStake: game.maxStake.toString(), maxBetsPerSlip: game.maxBetsPerSlip },
    odds: engineOf(game.kind).oddsTable,
  };
}

import {
  Fast3Bet as Fast3BetSchema,
  type LotteryBet,
  type LotteryKind,
  type LotteryResult,
  SeaBet as SeaBetSchema,
  VnBet as VnBetSchema,
} from '@tessera/contract/api/lottery';
import {
  drawFast3,
  FAST3_ODDS,
  FAST3_SUM_ODDS,
  type Fast3Bet,
  type Fast3Result,
  fast3Odds,
  fast3Wins,
  isValidFast3Bet,
  settleFast3,
} from '@tessera/house-engine/lottery/fast3';
import {
  drawSea,
  isValidSeaBet,
  SEA_ODDS,
  type SeaBet,
  type SeaResult,
  seaWins,
  settleSea,
} from '@tessera/house-engine/lottery/sea';
import { drawVn, isValidVnBet, settleVn, VN_ODDS, type VnBet, type VnResult, vnHits } from '@tessera/house-engine/lottery/vn';
import { FairStream, type RoundSeeds } from '@tessera/house-engine/rng/fair';
import { Value } from 'typebox/value';

/**
 * house-engine's lottery math behind one interface, so the service handles every lottery alike. Nothing here
 * computes an outcome or a payout itself: draw, validity, odds, hits and payout are house-engine's functions.
 */
export interface LotteryEngine {
  /** The draw's result from its seeds: `FairStream(serverSeed, clientSeed, nonce 0)` through house-engine's draw. */
  draw(seeds: RoundSeeds): LotteryResult;
  /** The game's own bet shape (no stray fields from another lottery's bet) and house-engine's validator. */
  isValid(bet: LotteryBet): boolean;
  /** Odds × 100 of a valid bet. */
  odds100(bet: LotteryBet): number;
  /** Times the bet wins on the result (0 when it loses). */
  hits(bet: LotteryBet, result: LotteryResult): number;
  /** Payout, stake included (house-engine's settle: stake × odds × hits / 100, rounded down). */
  settle(bet: LotteryBet, stake: bigint, result: LotteryResult): bigint;
  /** The result in one line, as menus and result lists show it. */
  winningNumber(result: LotteryResult): string;
  oddsTable: { type: string; sum?: number; odds100: number }[];
}

// The contract's bet and result schemas mirror house-engine's types field for field; these casts only narrow
// the union to one lottery after `isValid` (house-engine's own check) has accepted the bet.
const sea: LotteryEngine = {
  draw: (seeds) => drawSea(new FairStream(seeds)),
  isValid: (bet) => Value.Check(SeaBetSchema, bet) && isValidSeaBet(bet as SeaBet),
  odds100: (bet) => SEA_ODDS[(bet as SeaBet).type],
  hits: (bet, result) => (seaWins(bet as SeaBet, result as SeaResult) ? 1 : 0),
  settle: (bet, stake, result) => settleSea({ bet: bet as SeaBet, stake }, result as SeaResult),
  winningNumber: (result) => (result as SeaResult).digits.join(''),
  oddsTable: Object.entries(SEA_ODDS).map(([type, odds100]) => ({ type, odds100 })),
};

const vn: LotteryEngine = {
  draw: (seeds) => drawVn(new FairStream(seeds)),
  isValid: (bet) => Value.Check(VnBetSchema, bet) && isValidVnBet(bet as VnBet),
  odds100: (bet) => VN_ODDS[(bet as VnBet).type],
  hits: (bet, result) => vnHits(bet as VnBet, result as VnResult),
  settle: (bet, stake, result) => settleVn({ bet: bet as VnBet, stake }, result as VnResult),
  winningNumber: (result) => (result as VnResult).prizes.find((p) => p.tier === 'special')?.numbers[0] ?? '',
  oddsTable: Object.entries(VN_ODDS).map(([type, odds100]) => ({ type, odds100 })),
};

const fast3: LotteryEngine = {
  draw: (seeds) => drawFast3(new FairStream(seeds)),
  isValid: (bet) => Value.Check(Fast3BetSchema, bet) && isValidFast3Bet(bet as Fast3Bet),
  odds100: (bet) => fast3Odds(bet as Fast3Bet),
  hits: (bet, result) => (fast3Wins(bet as Fast3Bet, result as Fast3Result) ? 1 : 0),
  settle: (bet, stake, result) => settleFast3({ bet: bet as Fast3Bet, stake }, result as Fast3Result),
  winningNumber: (result) => (result as Fast3Result).dice.join(','),
  oddsTable: [
    ...Object.entries(FAST3_ODDS).map(([type, odds100]) => ({ type, odds100 })),
    ...Object.entries(FAST3_SUM_ODDS).map(([sum, odds100]) => ({ type: 'sum', sum: Number(sum), odds100 })),
  ],
};

const ENGINES: Record<LotteryKind, LotteryEngine> = { SEA5D: sea, VN: vn, FAST3: fast3 };

export const engineOf = (kind: LotteryKind): LotteryEngine => ENGINES[kind];

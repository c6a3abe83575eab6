import type { AnyHouseRound, SlotOutcome } from '@tessera/contract/api/house-games';
import type { OriginalOutcome } from '@tessera/contract/api/original-outcome';
import type { SlotRound, SpinOutcome } from '@tessera/house-engine/slots/types';
import type { RoundRow } from './repo.js';

const spinView = (spin: SpinOutcome) => ({
  stops: spin.stops,
  grid: spin.grid,
  lineWins: spin.lineWins.map((w) => ({
    line: w.line,
    symbol: w.symbol,
    count: w.count,
    pays: w.pays,
    amount: w.amount.toString(),
  })),
  scatterWin: spin.scatterWin
    ? { count: spin.scatterWin.count, pays: spin.scatterWin.pays, amount: spin.scatterWin.amount.toString() }
    : null,
  multiplier: spin.multiplier,
  win: spin.win.toString(),
});

/** The engine's round as stored and answered: money as decimal strings, so JSON carries it exactly. */
export const outcomeView = (round: SlotRound): SlotOutcome => ({
  lineBet: round.lineBet.toString(),
  base: spinView(round.base),
  freeSpins: round.freeSpins.map(spinView),
  totalWin: round.totalWin.toString(),
});

/** What a round stores: a slot's reels or an instant game's draw (its `game` names which). */
export type HouseOutcome = SlotOutcome | OriginalOutcome;

export const roundView = (row: RoundRow): AnyHouseRound => ({
  roundId: row.id.toString(),
  gameCode: row.game_code,
  engineGame: row.engine_game,
  bet: row.bet.toString(),
  win: row.win.toString(),
  playMoney: row.play_money,
  commitment: row.commitment,
  clientSeed: row.client_seed,
  nonce: Number(row.nonce),
  time: row.created_at.getTime(),
  outcome: row.outcome as HouseOutcome,
});

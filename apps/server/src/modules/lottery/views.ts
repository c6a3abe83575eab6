import type {
  DrawStatus,
  LotteryBet,
  LotteryDraw,
  LotteryResult,
  LotterySlip,
  LotteryTicket,
} from '@tessera/contract/api/lottery';
import { engineOf } from './engine.js';
import type { DrawRow, TicketRow } from './repo.js';

/** 'scheduled' is open until its cut-off, then closed until drawn; the seed is never shown before the draw. */
function drawStatus(row: DrawRow, nowMs: number): DrawStatus {
  if (row.status !== 'scheduled') return row.status;
  return row.close_at.getTime() > nowMs ? 'open' : 'closed';
}

export function drawView(row: DrawRow, nowMs = Date.now()): LotteryDraw {
  const revealed = row.status === 'drawn' || row.status === 'settled';
  const result = revealed ? (row.result as LotteryResult) : null;
  return {
    drawId: row.id.toString(),
    gameCode: row.game_code,
    kind: row.kind,
    numero: row.numero,
    drawAt: row.draw_at.getTime(),
    closeAt: row.close_at.getTime(),
    status: drawStatus(row, nowMs),
    commitment: row.commitment,
    clientSeed: row.client_seed,
    serverSeed: revealed ? row.server_seed : null,
    result,
    winningNumber: result ? engineOf(row.kind).winningNumber(result) : null,
    drawnAt: row.drawn_at?.getTime() ?? null,
  };
}

export function ticketView(row: TicketRow): LotteryTicket {
  return {
    ticketId: row.id.toString(),
    slipId: row.slip_id.toString(),
    drawId: row.draw_id.toString(),
    numero: row.numero,
    gameCode: row.game_code,
    bet: row.bet as LotteryBet,
    stake: row.stake.toString(),
    odds100: row.odds100,
    status: row.status,
    payout: row.payout.toString(),
    hits: row.hits,
    playMoney: row.play_money,
    createdAt: row.created_at.getTime(),
    settledAt: row.settled_at?.getTime() ?? null,
  };
}

export function slipView(
  slip: {
    id: bigint;
    client_slip_id: string;
    draw_id: bigint;
    game_code: string;
    total_stake: bigint;
    created_at: Date;
    numero: string;
  },
  tickets: TicketRow[],
): LotterySlip {
  return {
    slipId: slip.id.toString(),
    clientSlipId: slip.client_slip_id,
    drawId: slip.draw_id.toString(),
    numero: slip.numero,
    gameCode: slip.game_code,
    totalStake: slip.total_stake.toString(),
    createdAt: slip.created_at.getTime(),
    tickets: tickets.map(ticketView),
  };
}

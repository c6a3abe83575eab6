import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface LotteryTables {
  lottery_draws: LotteryDrawTable;
  lottery_slips: LotterySlipTable;
  lottery_tickets: LotteryTicketTable;
  lottery_wins: LotteryWinTable;
}

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** One scheduled draw of one game; `server_seed` stays secret (never answered) until `status` leaves 'scheduled'. */
export interface LotteryDrawTable {
  id: Generated<bigint>;
  game_code: string;
  kind: 'SEA5D' | 'VN' | 'FAST3';
  numero: string;
  draw_at: Date;
  close_at: Date;
  server_seed: string;
  commitment: string;
  client_seed: string;
  status: Defaulted<'scheduled' | 'drawn' | 'settled' | 'void'>;
  result: Json | null;
  drawn_at: Date | null;
  settled_at: Date | null;
  /** Settlement batches (jobs) not yet committed; the one that brings it to 0 marks the draw settled. */
  batches_left: Defaulted<number>;
  ticket_count: Defaulted<number>;
  winner_count: Defaulted<number>;
  payout_total: Defaulted<bigint>;
  created_at: ColumnType<Date, never, never>;
}

/** A member's purchase for one draw: one ledger debit of the total stake. */
export interface LotterySlipTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  draw_id: bigint;
  game_code: string;
  client_slip_id: string;
  /** What the client asked for (bets and stakes): the same client slip id with another request is a conflict. */
  request_hash: string;
  total_stake: bigint;
  play_money: boolean;
  bet_transfer_id: bigint;
  refund_transfer_id: bigint | null;
  created_at: ColumnType<Date, never, never>;
}

/** One bet of a slip; settled exactly once (status leaves 'open' in the transaction that pays it). */
export interface LotteryTicketTable {
  id: Generated<bigint>;
  slip_id: bigint;
  merchant_code: string;
  member_id: bigint;
  draw_id: bigint;
  game_code: string;
  bet: Json;
  stake: bigint;
  odds100: number;
  play_money: boolean;
  status: Defaulted<'open' | 'won' | 'lost' | 'void'>;
  hits: number | null;
  payout: Defaulted<bigint>;
  win_transfer_id: bigint | null;
  created_at: ColumnType<Date, never, never>;
  settled_at: Date | null;
}

/** A real-money winning ticket, written when it is settled: what the winners board reads, newest first. */
export interface LotteryWinTable {
  ticket_id: bigint;
  merchant_code: string;
  game_code: string;
  member_id: bigint;
  payout: bigint;
  settled_at: Date;
}

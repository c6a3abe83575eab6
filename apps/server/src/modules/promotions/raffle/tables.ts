import type { RafflePrizeKind, RafflePrizeState } from '@tessera/contract/routes/raffles';
import type { ColumnType, Generated } from 'kysely';

/** Owned by `modules/promotions/raffle`. */
export interface RaffleTables {
  raffles: RaffleTable;
  raffle_entries: RaffleEntryTable;
  raffle_winners: RaffleWinnerTable;
}

export interface RafflePrizeRow {
  kind: RafflePrizeKind;
  amountMinor: string;
}

/** A raffle promotion's ticket rule, prizes and draw. */
export interface RaffleTable {
  promotion_id: bigint;
  merchant_code: string;
  draw_at: Date;
  ticket_valid_bet_minor: bigint;
  /** Game categories whose valid bets earn tickets. */
  categories: ColumnType<string[], string, string>;
  max_tickets: number;
  claim_hours: number;
  /** In place order. */
  prizes: ColumnType<RafflePrizeRow[], string, string>;
  /** Secret until `drawn_at`. */
  server_seed: string;
  seed_hash: string;
  drawn_at: Date | null;
  tickets_total: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string;
}

/** One member's tickets in a raffle, counted from the ledger's bets up to `counted_through`. */
export interface RaffleEntryTable {
  promotion_id: bigint;
  member_id: bigint;
  valid_bet_minor: ColumnType<bigint, bigint | undefined, bigint>;
  tickets: ColumnType<number, number | undefined, number>;
  counted_through: ColumnType<bigint, bigint | undefined, bigint>;
}

export interface RaffleWinnerTable {
  id: Generated<bigint>;
  promotion_id: bigint;
  merchant_code: string;
  place: number;
  member_id: bigint;
  ticket: number;
  kind: RafflePrizeKind;
  amount_minor: bigint;
  state: ColumnType<RafflePrizeState, RafflePrizeState | undefined, RafflePrizeState>;
  claim_deadline: Date;
  claimed_at: Date | null;
}

import type { TransferKind } from '@tessera/contract/api/records';
import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

/** Written only by `modules/ledger`; other modules may read them (records, reports). */
export interface LedgerTables {
  ledger_accounts: LedgerAccountTable;
  ledger_transfers: LedgerTransferTable;
}

export type LedgerAccountKind =
  | 'member_main'
  | 'member_vendor'
  | 'member_bonus'
  | 'member_points'
  | 'house'
  | 'channel_in'
  | 'channel_out';

export interface LedgerAccountTable {
  id: Generated<bigint>;
  merchant_code: string;
  kind: LedgerAccountKind;
  /** The member for member_* kinds, null otherwise. */
  owner_id: bigint | null;
  /** Vendor (member_vendor), purpose (house) or channel (channel_*); '' otherwise. */
  ref: string;
  /** Accounts that may go negative are spread over shards so concurrent transfers do not queue on one row. */
  shard: number;
  balance: ColumnType<bigint, never, never>;
  held: ColumnType<bigint, never, never>;
  created_at: ColumnType<Date, never, never>;
}

export interface LedgerTransferTable {
  id: Generated<bigint>;
  merchant_code: string;
  idempotency_key: string | null;
  /** Hash of what the transfer asks for (operation, accounts, amount, kind): a replayed key must match it. */
  request_hash: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  kind: TransferKind;
  state: 'pending' | 'posted' | 'voided';
  cause_type: string;
  cause_id: string;
  memo: Json;
  /** Both balances after the transfer moved the money; null while pending and for voided holds. */
  debit_balance_after: bigint | null;
  credit_balance_after: bigint | null;
  created_at: ColumnType<Date, never, never>;
  settled_at: Date | null;
}

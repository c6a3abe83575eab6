import type { ColumnType, Generated } from 'kysely';

export interface GameTables {
  game_vendor_transactions: VendorTransactionTable;
}

export type VendorOperation = 'debit' | 'credit' | 'rollback';

/** The seamless-wallet log: one row per vendor transaction id (a 'rollback' row is a rollback of an id never seen). */
export interface VendorTransactionTable {
  id: Generated<bigint>;
  merchant_code: string;
  vendor: string;
  tx_id: string;
  member_id: bigint | null;
  operation: VendorOperation;
  amount: bigint;
  round_id: string | null;
  game_code: string | null;
  state: 'applied' | 'rolled_back';
  ledger_transfer_id: bigint | null;
  reversal_transfer_id: bigint | null;
  created_at: ColumnType<Date, never, never>;
}

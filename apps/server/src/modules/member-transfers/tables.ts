import type { ColumnType, Generated } from 'kysely';

export interface MemberTransferTables {
  member_transfers: MemberTransferTable;
}

export interface MemberTransferTable {
  id: Generated<bigint>;
  merchant_code: string;
  from_member_id: bigint;
  to_member_id: bigint;
  relation: 'upline' | 'downline';
  amount_minor: bigint;
  /** The client's id of the request: a retry with the same id answers with this transfer. */
  request_id: string;
  ledger_transfer_id: bigint;
  created_at: ColumnType<Date, never, never>;
}

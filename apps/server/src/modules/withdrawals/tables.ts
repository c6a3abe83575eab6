import type { WithdrawalCompletion, WithdrawalStatus } from '@tessera/contract/api/withdrawals';
import type { ColumnType, Generated } from 'kysely';

export interface WithdrawalTables {
  withdrawals: WithdrawalTable;
  withdrawal_proofs: WithdrawalProofTable;
}

export interface WithdrawalTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  /** The client's id for the request: repeating it returns the same withdrawal. */
  request_id: string;
  payout_account_id: bigint;
  /** A snapshot of the account at request time, so records survive an unbind. */
  account_type: 'bank' | 'ewallet';
  account_provider: string;
  account_holder: string;
  account_masked: string;
  amount_minor: bigint;
  received_minor: ColumnType<bigint, bigint | undefined, bigint>;
  status: WithdrawalStatus;
  completion: WithdrawalCompletion | null;
  /** The ledger hold member_main → channel_out; posted on approval, voided on rejection. */
  hold_transfer_id: bigint | null;
  reject_reason: string | null;
  dispute_note: string | null;
  /** The operator who approved, rejected or forced it. */
  decided_by: string | null;
  created_at: ColumnType<Date, never, never>;
  paid_at: Date | null;
  auto_receipt_at: Date | null;
  completed_at: Date | null;
}

export interface WithdrawalProofTable {
  id: Generated<bigint>;
  withdrawal_id: bigint;
  mime: 'image/png' | 'image/jpeg';
  size_bytes: number;
  sha256: Buffer;
  data: Buffer;
  created_at: ColumnType<Date, never, never>;
}

import type { ColumnType, Generated } from 'kysely';

export interface CashbackTables {
  cashback_rates: CashbackRateTable;
  cashback_rate_audit: CashbackRateAuditTable;
  cashback_marks: CashbackMarkTable;
  cashback_claims: CashbackClaimTable;
  cashback_claim_lines: CashbackClaimLineTable;
}

export interface CashbackRateTable {
  merchant_code: string;
  game_category: string;
  /** Basis points of the valid bet: 100 = 1%. */
  rate_bp: number;
  updated_by: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CashbackRateAuditTable {
  id: Generated<bigint>;
  merchant_code: string;
  game_category: string;
  old_rate_bp: number | null;
  new_rate_bp: number;
  actor: string;
  created_at: ColumnType<Date, never, never>;
}

export interface CashbackMarkTable {
  member_id: bigint;
  merchant_code: string;
  /** End of the last claimed period; null = never claimed. */
  claimed_to: Date | null;
}

export interface CashbackClaimTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  period_start: Date | null;
  period_end: Date;
  valid_bet_minor: bigint;
  amount_minor: bigint;
  created_at: ColumnType<Date, never, never>;
}

export interface CashbackClaimLineTable {
  claim_id: bigint;
  game_category: string;
  valid_bet_minor: bigint;
  rate_bp: number;
  amount_minor: bigint;
  ledger_transfer_id: bigint;
}

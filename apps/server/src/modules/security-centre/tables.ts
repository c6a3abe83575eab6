import type { ColumnType, Generated } from 'kysely';

export interface SecurityCentreTables {
  payment_passwords: PaymentPasswordTable;
  payout_accounts: PayoutAccountTable;
}

export interface PaymentPasswordTable {
  member_id: bigint;
  /** argon2id PHC string (modules/accounts/passwords.ts). */
  password_hash: string;
  /** Wrong answers in a row; reset by a right one. */
  failures: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PayoutAccountTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  type: 'bank' | 'ewallet';
  provider: string;
  holder_name: string;
  /** Digits only; never sent to a client unmasked. */
  account_number: string;
  created_at: ColumnType<Date, never, never>;
  removed_at: Date | null;
}

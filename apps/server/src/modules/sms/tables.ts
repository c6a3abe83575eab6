import type { ColumnType, Generated } from 'kysely';

export interface SmsTables {
  sms_codes: SmsCodeTable;
}

/** One row per code sent; only the newest live code of a number and purpose is accepted. */
export interface SmsCodeTable {
  id: Generated<bigint>;
  merchant_code: string;
  purpose: 'register' | 'login' | 'reset';
  dial_code: string;
  mobile: string;
  /** SHA-256 over id-independent "purpose:dial:mobile:code"; the database never holds a usable code. */
  code_hash: Buffer;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

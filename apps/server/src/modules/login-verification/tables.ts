import type { ColumnType } from 'kysely';

export interface LoginVerificationTables {
  member_known_addresses: KnownAddressTable;
  login_verification_tickets: LoginVerificationTicketTable;
}

export interface KnownAddressTable {
  member_id: bigint;
  ip: string;
  first_seen_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
}

export interface LoginVerificationTicketTable {
  ticket_hash: Buffer;
  member_id: bigint;
  merchant_code: string;
  ip: string;
  /** The password state of the login that was held back, so that completing it opens the forced change too. */
  password_expired: boolean;
  must_change: boolean;
  /** Held for the member's two-factor: only the authenticator's code (googleCode) completes it. */
  second_factor: ColumnType<boolean, boolean | undefined, boolean>;
  method: string | null;
  code_hash: Buffer | null;
  code_expires_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** Wrong answers to a knowledge method (of `attempts`), counted per member across tickets. */
  wrong_answers: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

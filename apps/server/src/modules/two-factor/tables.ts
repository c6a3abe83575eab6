import type { ColumnType } from 'kysely';

export interface TwoFactorTables {
  member_two_factor: MemberTwoFactorTable;
  member_two_factor_recovery_codes: RecoveryCodeTable;
}

export interface MemberTwoFactorTable {
  member_id: bigint;
  /** The TOTP secret sealed at rest (platform/sealed-at-rest.ts), bound to the member id. */
  secret_sealed: Buffer;
  /** The last time step accepted: a code is good once. */
  last_step: bigint | null;
  /** Wrong codes in a row; reset by a right one. */
  failures: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  /** Null while enrolling: the first right code turns it on. */
  enabled_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

export interface RecoveryCodeTable {
  member_id: bigint;
  /** SHA-256 of the normalised code (platform/totp.ts). */
  code_hash: Buffer;
  used_at: Date | null;
}

import type { ColumnType, Generated } from 'kysely';

export interface StaffTables {
  staff_roles: StaffRoleTable;
  staff: StaffTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_sessions: StaffSessionTable;
}

export interface StaffRoleTable {
  name: string;
  permissions: string[];
  updated_at: ColumnType<Date, never, Date>;
}

export interface StaffTable {
  id: Generated<bigint>;
  name: string;
  role: string;
  password_hash: string | null;
  /** The TOTP secret sealed at rest (platform/sealed-at-rest.ts), bound to the staff id. */
  totp_secret_sealed: Buffer | null;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: bigint | null;
  enrol_token_hash: Buffer | null;
  enrol_expires_at: Date | null;
  enrolled_at: Date | null;
  failed_attempts: Generated<number>;
  locked_until: Date | null;
  disabled_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  created_by: string;
}

export interface StaffRecoveryCodeTable {
  staff_id: bigint;
  code_hash: Buffer;
  used_at: Date | null;
}

export interface StaffSessionTable {
  id: Generated<bigint>;
  token_hash: Buffer;
  staff_id: bigint;
  /** False for the short-lived step between the password and the second factor. */
  second_factor_done: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, never, Date>;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
}

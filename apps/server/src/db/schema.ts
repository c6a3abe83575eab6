import type { ColumnType, Generated } from 'kysely';

/** jsonb: written as a JSON string, read back parsed. */
type Json = ColumnType<unknown, string, string>;

/** Table types for Kysely. Only the modules that own a table write it (see each module's README). */
export interface Database {
  merchants: MerchantTable;
  merchant_settings: MerchantSettingTable;
  settings_audit: SettingsAuditTable;
  sessions: SessionTable;
}

export interface MerchantTable {
  code: string;
  name: string;
  created_at: ColumnType<Date, never, never>;
}

export interface MerchantSettingTable {
  merchant_code: string;
  key: string;
  value: Json;
  version: Generated<number>;
  updated_at: ColumnType<Date, never, string>;
  updated_by: string;
}

export interface SettingsAuditTable {
  id: Generated<bigint>;
  merchant_code: string;
  key: string;
  old_value: ColumnType<unknown, string | null, never>;
  new_value: ColumnType<unknown, string, never>;
  actor: string;
  at: ColumnType<Date, never, never>;
}

/** Opaque session tokens, stored as SHA-256 hashes (DESIGN §2); written by the accounts module. */
export interface SessionTable {
  token_hash: Buffer;
  member_id: bigint;
  merchant_code: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
}

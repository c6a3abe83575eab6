import type { ColumnType } from 'kysely';

export interface AuditLogTables {
  audit_log: AuditLogTable;
}

/** Append-only: rows are inserted under the chain lock and never updated or deleted. */
export interface AuditLogTable {
  seq: ColumnType<bigint, bigint, never>;
  at: ColumnType<Date, Date, never>;
  actor: ColumnType<string, string, never>;
  actor_kind: ColumnType<string, string, never>;
  ip: ColumnType<string | null, string | null, never>;
  merchant_code: ColumnType<string | null, string | null, never>;
  action: ColumnType<string, string, never>;
  target: ColumnType<string | null, string | null, never>;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  prev_hash: ColumnType<string, string, never>;
  hash: ColumnType<string, string, never>;
}

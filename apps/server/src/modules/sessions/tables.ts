import type { ColumnType } from 'kysely';

export interface SessionTables {
  sessions: SessionTable;
}

/** Opaque session tokens, stored as SHA-256 hashes (DESIGN §2); written by the sessions service only. */
export interface SessionTable {
  token_hash: Buffer;
  member_id: bigint;
  merchant_code: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  /** Credentials this session handed out before this time (game sessions) are void; the session itself lives on. */
  derived_ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ip: string | null;
  /** Browser and system of the login, read from its user agent ("Chrome 131 · Android 14"): the sign-in history. */
  device: ColumnType<string | null, string | null | undefined, string | null>;
}

import type { ColumnType, Generated } from 'kysely';

export interface FeedbackTables {
  feedback: FeedbackTable;
  feedback_images: FeedbackImageTable;
  feedback_rate_windows: FeedbackRateWindowTable;
}

export interface FeedbackTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint | null;
  content: string;
  contact: string | null;
  ip: string;
  user_agent: string | null;
  language: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface FeedbackImageTable {
  id: Generated<bigint>;
  feedback_id: bigint;
  position: number;
  mime: string;
  size_bytes: number;
  /** bytea: pg reads it as a Buffer, PGlite as a plain Uint8Array. */
  sha256: Uint8Array;
  data: Uint8Array;
}

export interface FeedbackRateWindowTable {
  ip: string;
  window_start: Date;
  hits: number;
}

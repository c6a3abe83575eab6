import type { ColumnType } from 'kysely';

export interface CaptchaTables {
  captchas: CaptchaTable;
}

export interface CaptchaTable {
  id: string;
  /** SHA-256 of the answer: the database never holds a usable answer. */
  answer_hash: Buffer;
  client_ip: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE feedback (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint,
      content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 1000),
      contact text CHECK (char_length(contact) <= 100),
      ip text NOT NULL,
      user_agent text,
      language text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX feedback_by_merchant ON feedback (merchant_code, id DESC)`.execute(db);
  // Images live in the database, not on one instance's disk, so any instance can serve or export them.
  await sql`
    CREATE TABLE feedback_images (
      id bigserial PRIMARY KEY,
      feedback_id bigint NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
      mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
      sha256 bytea NOT NULL CHECK (octet_length(sha256) = 32),
      data bytea NOT NULL,
      UNIQUE (feedback_id, position)
    )`.execute(db);
  // Fixed-window attempt counters shared by every instance (one row per IP and window).
  await sql`
    CREATE TABLE feedback_rate_windows (
      ip text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (ip, window_start)
    )`.execute(db);
  await sql`CREATE INDEX feedback_rate_windows_by_start ON feedback_rate_windows (window_start)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE feedback_rate_windows`.execute(db);
  await sql`DROP TABLE feedback_images`.execute(db);
  await sql`DROP TABLE feedback`.execute(db);
}

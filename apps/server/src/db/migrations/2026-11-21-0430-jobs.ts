import { type Kysely, sql } from 'kysely';

/** Durable jobs (modules/jobs): scheduled work claimed by one instance at a time, surviving restarts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (char_length(kind) BETWEEN 1 AND 80),
      run_at timestamptz NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      dedupe_key text UNIQUE CHECK (char_length(dedupe_key) <= 200),
      attempts integer NOT NULL DEFAULT 0,
      locked_by text,
      locked_until timestamptz,
      done_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The claim query scans only open jobs in due order.
  await sql`CREATE INDEX jobs_due ON jobs (run_at, id) WHERE done_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS jobs`.execute(db);
}

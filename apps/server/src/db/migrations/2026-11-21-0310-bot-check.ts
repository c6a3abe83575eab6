import { type Kysely, sql } from 'kysely';

/** Bot check: solved challenges already used, kept until they expire so a replay is refused. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bot_check_spent (
      challenge_hash bytea PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX bot_check_spent_by_expiry ON bot_check_spent (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bot_check_spent`.execute(db);
}

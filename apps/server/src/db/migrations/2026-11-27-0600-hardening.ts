import { type Kysely, sql } from 'kysely';

/**
 * Hardening: the login failures of one address across accounts (password spraying) are counted on every
 * attempt, so they get their own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX login_failures_by_address ON login_failures (merchant_code, ip, failed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX login_failures_by_address`.execute(db);
}

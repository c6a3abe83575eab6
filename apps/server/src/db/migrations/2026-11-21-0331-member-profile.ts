import { type Kysely, sql } from 'kysely';

/**
 * The first-login nickname, unique per merchant regardless of letter case (a nickname is shown to other players,
 * so one must not pass for another), and the member's language, sent by the site when it changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN language text`.execute(db);
  await sql`CREATE UNIQUE INDEX members_nickname_per_merchant ON members (merchant_code, lower(nickname)) WHERE nickname IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_nickname_per_merchant`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN language`.execute(db);
}

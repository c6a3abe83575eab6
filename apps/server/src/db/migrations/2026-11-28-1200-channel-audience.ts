import { type Kysely, sql } from 'kysely';

/**
 * Who may use a deposit channel and how the player's list shows it: the lowest VIP level that sees it, whether it
 * is offered for the first deposit only, after it, or to everyone, and one of the logos the web app ships (null:
 * the logo of the channel's kind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE deposit_channels
      ADD COLUMN min_vip_level integer NOT NULL DEFAULT 0 CHECK (min_vip_level BETWEEN 0 AND 100),
      ADD COLUMN deposit_history text NOT NULL DEFAULT 'any' CHECK (deposit_history IN ('any', 'first', 'repeat')),
      ADD COLUMN logo text CHECK (logo ~ '^[a-z0-9-]{2,32}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE deposit_channels DROP COLUMN min_vip_level, DROP COLUMN deposit_history, DROP COLUMN logo`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/** A member's favourite games and recently launched games (spec §7.3), both keyed by the catalogue game id. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_favourite_games (
      member_id bigint NOT NULL REFERENCES members(id),
      game_id bigint NOT NULL REFERENCES catalogue_games(id),
      merchant_code text NOT NULL REFERENCES merchants(code),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (member_id, game_id)
    )`.execute(db);
  await sql`CREATE INDEX member_favourite_games_newest ON member_favourite_games (member_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE member_recent_games (
      member_id bigint NOT NULL REFERENCES members(id),
      game_id bigint NOT NULL REFERENCES catalogue_games(id),
      merchant_code text NOT NULL REFERENCES merchants(code),
      played_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (member_id, game_id)
    )`.execute(db);
  await sql`CREATE INDEX member_recent_games_latest ON member_recent_games (member_id, played_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_recent_games`.execute(db);
  await sql`DROP TABLE member_favourite_games`.execute(db);
}

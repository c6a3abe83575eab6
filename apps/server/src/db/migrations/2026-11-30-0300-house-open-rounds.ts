import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A mines round between its bet and its end (modules/house-vendor/mines.ts). Its id is taken from house_rounds'
  // sequence and kept by the settled round; its nonce is taken from the seed at the start; its bet is a ledger hold.
  // Settling deletes the row in the same transaction that posts the hold and writes house_rounds, so a round is
  // settled once whoever asks. One open round per member and game: a reload finds it.
  await sql`
    CREATE TABLE house_open_rounds (
      id bigint PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      game_code text NOT NULL,
      engine_game text NOT NULL,
      seed_id bigint NOT NULL REFERENCES house_seeds(id),
      client_seed text NOT NULL,
      nonce bigint NOT NULL CHECK (nonce >= 0),
      bet bigint NOT NULL CHECK (bet > 0),
      play_money boolean NOT NULL,
      client_round_id text NOT NULL,
      mines integer NOT NULL CHECK (mines BETWEEN 1 AND 24),
      picks jsonb NOT NULL DEFAULT '[]',
      hold_transfer_id bigint NOT NULL,
      shard integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, game_code),
      UNIQUE (seed_id, nonce)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE house_open_rounds`.execute(db);
}

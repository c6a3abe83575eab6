import { type Kysely, sql } from 'kysely';

/**
 * Games: the seamless-wallet log of every vendor's transactions, and the house vendor's provably
 * fair seeds, game sessions and rounds. Money itself moves only in the ledger; these rows say why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per vendor transaction id: the UNIQUE key makes debits, credits and rollbacks idempotent, and a
  // rollback of an id never seen leaves a 'rollback' row so a late debit with that id is refused.
  await sql`
    CREATE TABLE game_vendor_transactions (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      vendor text NOT NULL,
      tx_id text NOT NULL,
      member_id bigint REFERENCES members(id),
      operation text NOT NULL CHECK (operation IN ('debit', 'credit', 'rollback')),
      amount bigint NOT NULL CHECK (amount >= 0),
      round_id text,
      game_code text,
      state text NOT NULL CHECK (state IN ('applied', 'rolled_back')),
      ledger_transfer_id bigint,
      reversal_transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, vendor, tx_id)
    )`.execute(db);
  await sql`CREATE INDEX game_vendor_transactions_by_round ON game_vendor_transactions (merchant_code, vendor, round_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE house_seeds (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
      commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
      client_seed text NOT NULL,
      next_nonce bigint NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      revealed_at timestamptz,
      CHECK (active = (revealed_at IS NULL))
    )`.execute(db);
  // The row a member's spins lock: at most one active seed per member.
  await sql`CREATE UNIQUE INDEX house_seeds_active ON house_seeds (member_id) WHERE active`.execute(db);

  // A launch ticket (one use, a minute) becomes a game session: the game client never sees the site token.
  await sql`
    CREATE TABLE house_game_sessions (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      game_code text NOT NULL,
      ticket_hash bytea NOT NULL UNIQUE,
      ticket_expires_at timestamptz NOT NULL,
      session_hash bytea UNIQUE,
      session_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX house_game_sessions_by_expiry ON house_game_sessions (ticket_expires_at)`.execute(db);

  await sql`
    CREATE TABLE house_rounds (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      game_code text NOT NULL,
      engine_game text NOT NULL,
      seed_id bigint NOT NULL REFERENCES house_seeds(id),
      client_seed text NOT NULL,
      nonce bigint NOT NULL CHECK (nonce >= 0),
      bet bigint NOT NULL CHECK (bet > 0),
      win bigint NOT NULL CHECK (win >= 0),
      play_money boolean NOT NULL,
      client_round_id text NOT NULL,
      outcome jsonb NOT NULL,
      bet_transfer_id bigint NOT NULL,
      win_transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, client_round_id),
      UNIQUE (seed_id, nonce)
    )`.execute(db);
  await sql`CREATE INDEX house_rounds_by_member ON house_rounds (member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX house_rounds_by_time ON house_rounds (merchant_code, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE house_rounds`.execute(db);
  await sql`DROP TABLE house_game_sessions`.execute(db);
  await sql`DROP TABLE house_seeds`.execute(db);
  await sql`DROP TABLE game_vendor_transactions`.execute(db);
}

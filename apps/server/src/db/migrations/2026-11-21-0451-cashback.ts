import { type Kysely, sql } from 'kysely';

/** Cashback: operator rates per game category, each member's claim mark, and the claims paid. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cashback_rates (
      merchant_code text NOT NULL REFERENCES merchants(code),
      game_category text NOT NULL CHECK (game_category ~ '^[A-Z0-9_]{1,32}$'),
      rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
      updated_by text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, game_category)
    )`.execute(db);
  await sql`
    CREATE TABLE cashback_rate_audit (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      game_category text NOT NULL,
      old_rate_bp integer,
      new_rate_bp integer NOT NULL,
      actor text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One row per member: the end of the last claimed period, locked by a claim so two claims queue.
  await sql`
    CREATE TABLE cashback_marks (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      merchant_code text NOT NULL REFERENCES merchants(code),
      claimed_to timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE cashback_claims (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      period_start timestamptz,
      period_end timestamptz NOT NULL,
      valid_bet_minor bigint NOT NULL CHECK (valid_bet_minor >= 0),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, period_end)
    )`.execute(db);
  await sql`CREATE INDEX cashback_claims_by_member ON cashback_claims (member_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE cashback_claim_lines (
      claim_id bigint NOT NULL REFERENCES cashback_claims(id),
      game_category text NOT NULL,
      valid_bet_minor bigint NOT NULL,
      rate_bp integer NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      ledger_transfer_id bigint NOT NULL,
      PRIMARY KEY (claim_id, game_category)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE cashback_claim_lines`.execute(db);
  await sql`DROP TABLE cashback_claims`.execute(db);
  await sql`DROP TABLE cashback_marks`.execute(db);
  await sql`DROP TABLE cashback_rate_audit`.execute(db);
  await sql`DROP TABLE cashback_rates`.execute(db);
}

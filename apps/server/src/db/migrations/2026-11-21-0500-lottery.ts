import { type Kysely, sql } from 'kysely';

/**
 * House lotteries (modules/lottery): draws scheduled ahead with the SHA-256 commitment of their seed, slips (one
 * debit each) and their tickets (one bet each, settled once). Draws belong to no merchant: the house runs one
 * draw per game and time for every merchant; slips and tickets carry the merchant whose ledger they touch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lottery_draws (
      id bigserial PRIMARY KEY,
      game_code text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('SEA5D', 'VN', 'FAST3')),
      numero text NOT NULL,
      draw_at timestamptz NOT NULL,
      close_at timestamptz NOT NULL CHECK (close_at <= draw_at),
      server_seed text NOT NULL,
      commitment text NOT NULL,
      client_seed text NOT NULL,
      status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'drawn', 'settled', 'void')),
      result jsonb,
      drawn_at timestamptz,
      settled_at timestamptz,
      batches_left integer NOT NULL DEFAULT 0 CHECK (batches_left >= 0),
      ticket_count integer NOT NULL DEFAULT 0,
      winner_count integer NOT NULL DEFAULT 0,
      payout_total bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (game_code, draw_at),
      UNIQUE (game_code, numero)
    )`.execute(db);
  await sql`CREATE INDEX lottery_draws_game_time ON lottery_draws (game_code, draw_at DESC)`.execute(db);
  await sql`
    CREATE TABLE lottery_slips (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      draw_id bigint NOT NULL REFERENCES lottery_draws(id),
      game_code text NOT NULL,
      client_slip_id text NOT NULL,
      request_hash text NOT NULL,
      total_stake bigint NOT NULL CHECK (total_stake > 0),
      play_money boolean NOT NULL,
      bet_transfer_id bigint NOT NULL,
      refund_transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (member_id, client_slip_id)
    )`.execute(db);
  await sql`CREATE INDEX lottery_slips_draw ON lottery_slips (draw_id)`.execute(db);
  await sql`
    CREATE TABLE lottery_tickets (
      id bigserial PRIMARY KEY,
      slip_id bigint NOT NULL REFERENCES lottery_slips(id),
      merchant_code text NOT NULL,
      member_id bigint NOT NULL,
      draw_id bigint NOT NULL REFERENCES lottery_draws(id),
      game_code text NOT NULL,
      bet jsonb NOT NULL,
      stake bigint NOT NULL CHECK (stake > 0),
      odds100 integer NOT NULL CHECK (odds100 > 0),
      play_money boolean NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'void')),
      hits integer,
      payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      win_transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      settled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX lottery_tickets_draw ON lottery_tickets (draw_id, id)`.execute(db);
  await sql`CREATE INDEX lottery_tickets_member ON lottery_tickets (member_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX lottery_tickets_slip ON lottery_tickets (slip_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE lottery_tickets`.execute(db);
  await sql`DROP TABLE lottery_slips`.execute(db);
  await sql`DROP TABLE lottery_draws`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Raffles (modules/promotions/raffle): a promotion of type `raffle` with its ticket rule, prizes and draw; each
 * member's tickets, counted from the ledger's bets (`counted_through` makes a count a catch-up, so a replayed event
 * counts nothing twice); the winners with their prize's state. The seed is stored from the start and answered only
 * after `drawn_at`; its SHA-256 is published before the raffle opens.
 *
 * The type CHECK is extended rather than rewritten, so it keeps whatever other types an earlier migration allowed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const before = await typeCheck(db);
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_type_check`.execute(db);
  await sql.raw(`ALTER TABLE promotions ADD CONSTRAINT promotions_type_check CHECK ((${before}) OR type = 'raffle')`).execute(db);
  await sql`
    CREATE TABLE raffles (
      promotion_id bigint PRIMARY KEY REFERENCES promotions(id) ON DELETE CASCADE,
      merchant_code text NOT NULL,
      draw_at timestamptz NOT NULL,
      ticket_valid_bet_minor bigint NOT NULL CHECK (ticket_valid_bet_minor > 0),
      categories jsonb NOT NULL,
      max_tickets integer NOT NULL CHECK (max_tickets > 0),
      claim_hours integer NOT NULL CHECK (claim_hours > 0),
      prizes jsonb NOT NULL,
      server_seed text NOT NULL,
      seed_hash text NOT NULL,
      drawn_at timestamptz,
      tickets_total integer,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE raffle_entries (
      promotion_id bigint NOT NULL REFERENCES raffles(promotion_id) ON DELETE CASCADE,
      member_id bigint NOT NULL REFERENCES members(id),
      valid_bet_minor bigint NOT NULL DEFAULT 0,
      tickets integer NOT NULL DEFAULT 0 CHECK (tickets >= 0),
      counted_through bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (promotion_id, member_id)
    )`.execute(db);
  await sql`
    CREATE TABLE raffle_winners (
      id bigserial PRIMARY KEY,
      promotion_id bigint NOT NULL REFERENCES raffles(promotion_id) ON DELETE CASCADE,
      merchant_code text NOT NULL,
      place integer NOT NULL CHECK (place > 0),
      member_id bigint NOT NULL REFERENCES members(id),
      ticket integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('cash', 'bonus')),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      state text NOT NULL DEFAULT 'won' CHECK (state IN ('won', 'claimed', 'expired')),
      claim_deadline timestamptz NOT NULL,
      claimed_at timestamptz,
      UNIQUE (promotion_id, place),
      UNIQUE (promotion_id, member_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE raffle_winners`.execute(db);
  await sql`DROP TABLE raffle_entries`.execute(db);
  await sql`DROP TABLE raffles`.execute(db);
  await sql`DELETE FROM promotions WHERE type = 'raffle'`.execute(db);
  const now = await typeCheck(db);
  const before = now.replace(/^\((.*)\) OR \(?type = 'raffle'(::text)?\)?$/s, '$1');
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_type_check`.execute(db);
  await sql.raw(`ALTER TABLE promotions ADD CONSTRAINT promotions_type_check CHECK (${before})`).execute(db);
}

/** The CHECK's expression as the database prints it, without the outer `CHECK (…)`. */
async function typeCheck(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conname = 'promotions_type_check' AND conrelid = 'promotions'::regclass`.execute(db);
  const def = rows[0]?.def;
  if (!def) throw new Error('promotions_type_check is missing');
  return def.replace(/^CHECK \((.*)\)$/s, '$1');
}

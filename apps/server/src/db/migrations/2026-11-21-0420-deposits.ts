import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Operator-configured ways to pay in. Names and instructions are per language ({"en": …, "bn": …}).
  await sql`
    CREATE TABLE deposit_channels (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      code text NOT NULL CHECK (code ~ '^[a-z0-9_-]{2,32}$'),
      kind text NOT NULL CHECK (kind IN ('bank', 'ewallet', 'instant')),
      gateway text,
      names jsonb NOT NULL,
      instructions jsonb NOT NULL DEFAULT '{}'::jsonb,
      account_details jsonb NOT NULL DEFAULT '[]'::jsonb,
      min_minor bigint NOT NULL CHECK (min_minor > 0),
      max_minor bigint NOT NULL,
      quick_amounts jsonb NOT NULL DEFAULT '[]'::jsonb,
      sort_order integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, code),
      CHECK (max_minor >= min_minor),
      CHECK ((kind = 'instant') = (gateway IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE TABLE deposit_orders (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL,
      channel_id bigint NOT NULL REFERENCES deposit_channels(id),
      request_id text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      reference text CHECK (char_length(reference) <= 100),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'failed')),
      reason text CHECK (char_length(reason) <= 300),
      decided_by text,
      decided_at timestamptz,
      ledger_transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id),
      CHECK ((status = 'pending') = (decided_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX deposit_orders_by_member ON deposit_orders (member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX deposit_orders_by_status ON deposit_orders (merchant_code, status, id DESC)`.execute(db);
  // Proof images live in the database, like feedback images, so any instance can serve them to the operator.
  await sql`
    CREATE TABLE deposit_proofs (
      id bigserial PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES deposit_orders(id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
      mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
      sha256 bytea NOT NULL CHECK (octet_length(sha256) = 32),
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (order_id, position)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE deposit_proofs`.execute(db);
  await sql`DROP TABLE deposit_orders`.execute(db);
  await sql`DROP TABLE deposit_channels`.execute(db);
}

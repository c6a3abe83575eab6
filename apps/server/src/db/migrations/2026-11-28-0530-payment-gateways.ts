import { type Kysely, sql } from 'kysely';

/**
 * Deposits through payment providers (modules/payments): a gateway channel's fee, currency and payment time; an
 * order's payer action (the provider's hosted page), its expiry and why it waits for staff; the provider's side
 * of each payment; and every verified callback, kept as evidence and as the idempotency guard (one row per
 * provider transaction and event).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE deposit_channels
      ADD COLUMN fee_bps integer NOT NULL DEFAULT 0 CHECK (fee_bps BETWEEN 0 AND 10000),
      ADD COLUMN fee_fixed_minor bigint NOT NULL DEFAULT 0 CHECK (fee_fixed_minor >= 0),
      ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$'),
      ADD COLUMN payment_minutes integer NOT NULL DEFAULT 15 CHECK (payment_minutes BETWEEN 1 AND 1440)`.execute(db);
  await sql`ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_status_check`.execute(db);
  await sql`
    ALTER TABLE deposit_orders
      ADD CONSTRAINT deposit_orders_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'failed', 'expired')),
      ADD COLUMN payment_action jsonb,
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
      ADD COLUMN review text CHECK (char_length(review) <= 100)`.execute(db);
  await sql`
    CREATE TABLE gateway_payments (
      order_id bigint PRIMARY KEY REFERENCES deposit_orders(id),
      merchant_code text NOT NULL,
      provider text NOT NULL,
      provider_payment_id text NOT NULL CHECK (char_length(provider_payment_id) <= 100),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, provider_payment_id)
    )`.execute(db);
  await sql`
    CREATE TABLE gateway_callbacks (
      id bigserial PRIMARY KEY,
      provider text NOT NULL,
      event_key text NOT NULL CHECK (char_length(event_key) <= 300),
      event text NOT NULL CHECK (event IN ('processing', 'completed', 'failed')),
      merchant_code text,
      order_id bigint,
      provider_payment_id text NOT NULL,
      provider_txn_id text NOT NULL,
      amount_minor bigint NOT NULL,
      currency text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('credited', 'failed', 'ignored', 'amount_mismatch', 'late_after_expiry',
        'paid_twice', 'paid_after_failure', 'unknown_payment')),
      body text NOT NULL CHECK (octet_length(body) <= 16384),
      source_ip text,
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, event_key)
    )`.execute(db);
  // What reconciliation works through: money a provider reports that no order took.
  await sql`
    CREATE INDEX gateway_callbacks_discrepancies ON gateway_callbacks (merchant_code, id DESC)
    WHERE outcome NOT IN ('credited', 'failed', 'ignored')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE gateway_callbacks`.execute(db);
  await sql`DROP TABLE gateway_payments`.execute(db);
  await sql`ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_status_check`.execute(db);
  await sql`
    ALTER TABLE deposit_orders
      DROP COLUMN payment_action, DROP COLUMN expires_at, DROP COLUMN fee_minor, DROP COLUMN review,
      ADD CONSTRAINT deposit_orders_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'failed'))`.execute(db);
  await sql`
    ALTER TABLE deposit_channels
      DROP COLUMN fee_bps, DROP COLUMN fee_fixed_minor, DROP COLUMN currency, DROP COLUMN payment_minutes`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals paid out through payment providers (modules/payments): a gateway channel may pay out to payout
 * accounts of one type; a withdrawal waits in `paying_out` between its approval and the provider's answer; the
 * provider's side of each payout; payout callbacks recorded beside the deposit ones (the same idempotency guard
 * and evidence), with their own outcomes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE deposit_channels
      ADD COLUMN payout_account_type text CHECK (payout_account_type IN ('bank', 'ewallet'))`.execute(db);
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`.execute(db);
  await sql`
    ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN
      ('pending', 'paying_out', 'rejected', 'awaiting_confirmation', 'partially_received', 'disputed', 'completed'))`.execute(db);
  await sql`
    CREATE TABLE gateway_payouts (
      withdrawal_id bigint PRIMARY KEY REFERENCES withdrawals(id),
      merchant_code text NOT NULL,
      provider text NOT NULL,
      channel_id bigint NOT NULL REFERENCES deposit_channels(id),
      provider_payout_id text CHECK (char_length(provider_payout_id) <= 100),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      state text NOT NULL DEFAULT 'requesting' CHECK (state IN ('requesting', 'requested', 'paid', 'failed')),
      failure text CHECK (char_length(failure) <= 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      UNIQUE (provider, provider_payout_id)
    )`.execute(db);
  await sql`ALTER TABLE gateway_callbacks DROP CONSTRAINT gateway_callbacks_outcome_check`.execute(db);
  await sql`
    ALTER TABLE gateway_callbacks
      ADD COLUMN withdrawal_id bigint,
      ADD CONSTRAINT gateway_callbacks_outcome_check CHECK (outcome IN ('credited', 'failed', 'ignored',
        'amount_mismatch', 'late_after_expiry', 'paid_twice', 'paid_after_failure', 'unknown_payment', 'paid_out',
        'payout_returned'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE gateway_callbacks DROP CONSTRAINT gateway_callbacks_outcome_check`.execute(db);
  await sql`DELETE FROM gateway_callbacks WHERE withdrawal_id IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE gateway_callbacks
      DROP COLUMN withdrawal_id,
      ADD CONSTRAINT gateway_callbacks_outcome_check CHECK (outcome IN ('credited', 'failed', 'ignored',
        'amount_mismatch', 'late_after_expiry', 'paid_twice', 'paid_after_failure', 'unknown_payment'))`.execute(db);
  await sql`DROP TABLE gateway_payouts`.execute(db);
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`.execute(db);
  await sql`
    ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN
      ('pending', 'rejected', 'awaiting_confirmation', 'partially_received', 'disputed', 'completed'))`.execute(db);
  await sql`ALTER TABLE deposit_channels DROP COLUMN payout_account_type`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Reconciliation of the payment providers' daily statements with the ledger (modules/payments): each run per
 * merchant, provider and day, and each mismatch found, with its evidence, until staff resolve it. Staff who may
 * work the queue need the new `payments.reconcile` permission (the owner and finance roles get it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reconciliation_runs (
      merchant_code text NOT NULL,
      provider text NOT NULL,
      day date NOT NULL,
      lines integer NOT NULL CHECK (lines >= 0),
      mismatches integer NOT NULL CHECK (mismatches >= 0),
      ran_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, provider, day)
    )`.execute(db);
  await sql`
    CREATE TABLE reconciliation_items (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      provider text NOT NULL,
      channel_id bigint REFERENCES deposit_channels(id),
      day date NOT NULL,
      kind text NOT NULL CHECK (kind IN
        ('missing_credit', 'amount_differs', 'unknown_transaction', 'late_after_expiry', 'not_in_statement')),
      direction text NOT NULL CHECK (direction IN ('payment', 'payout')),
      reference text NOT NULL CHECK (char_length(reference) <= 64),
      provider_txn_id text NOT NULL CHECK (char_length(provider_txn_id) <= 100),
      provider_amount_minor bigint,
      ledger_amount_minor bigint,
      currency text NOT NULL,
      evidence jsonb NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
      resolution text CHECK (char_length(resolution) <= 500),
      resolved_by text,
      resolved_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, provider, direction, reference, provider_txn_id, kind)
    )`.execute(db);
  await sql`CREATE INDEX reconciliation_items_queue ON reconciliation_items (merchant_code, status, id DESC)`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'payments.reconcile')
    WHERE name IN ('owner', 'finance') AND NOT ('payments.reconcile' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'payments.reconcile')`.execute(db);
  await sql`DROP TABLE reconciliation_items`.execute(db);
  await sql`DROP TABLE reconciliation_runs`.execute(db);
}

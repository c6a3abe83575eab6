import { type Kysely, sql } from 'kysely';

/** Withdrawals (modules/withdrawals): requests, their ledger hold, the confirmation flow and proof images. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE withdrawals (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      request_id text NOT NULL,
      payout_account_id bigint NOT NULL REFERENCES payout_accounts(id),
      account_type text NOT NULL,
      account_provider text NOT NULL,
      account_holder text NOT NULL,
      account_masked text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      received_minor bigint NOT NULL DEFAULT 0,
      status text NOT NULL CHECK (status IN
        ('pending', 'rejected', 'awaiting_confirmation', 'partially_received', 'disputed', 'completed')),
      completion text CHECK (completion IN ('confirmed', 'auto', 'forced')),
      hold_transfer_id bigint,
      reject_reason text,
      dispute_note text,
      decided_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      auto_receipt_at timestamptz,
      completed_at timestamptz,
      CHECK (received_minor BETWEEN 0 AND amount_minor),
      CHECK ((status = 'completed') = (completion IS NOT NULL)),
      UNIQUE (merchant_code, member_id, request_id)
    )`.execute(db);
  await sql`CREATE INDEX withdrawals_by_member ON withdrawals (member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX withdrawals_open ON withdrawals (merchant_code, status, id) WHERE status <> 'completed' AND status <> 'rejected'`.execute(
    db,
  );
  await sql`
    CREATE TABLE withdrawal_proofs (
      id bigserial PRIMARY KEY,
      withdrawal_id bigint NOT NULL REFERENCES withdrawals(id),
      mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
      sha256 bytea NOT NULL CHECK (octet_length(sha256) = 32),
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX withdrawal_proofs_by_withdrawal ON withdrawal_proofs (withdrawal_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS withdrawal_proofs`.execute(db);
  await sql`DROP TABLE IF EXISTS withdrawals`.execute(db);
}

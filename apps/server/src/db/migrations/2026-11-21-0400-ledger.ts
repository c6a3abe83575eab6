import { type Kysely, sql } from 'kysely';

/**
 * The double-entry ledger: accounts and the transfers between them. Member accounts can never go
 * below zero, counting holds; house and channel accounts may (they are the other side of every member's money).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_accounts (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      kind text NOT NULL CHECK (kind IN ('member_main', 'member_vendor', 'member_bonus', 'member_points', 'house', 'channel_in', 'channel_out')),
      owner_id bigint REFERENCES members(id),
      ref text NOT NULL DEFAULT '',
      shard smallint NOT NULL DEFAULT 0 CHECK (shard >= 0),
      balance bigint NOT NULL DEFAULT 0,
      held bigint NOT NULL DEFAULT 0 CHECK (held >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_accounts_owner CHECK (starts_with(kind, 'member_') = (owner_id IS NOT NULL)),
      CONSTRAINT ledger_accounts_member_not_negative
        CHECK (NOT starts_with(kind, 'member_') OR (balance >= 0 AND balance - held >= 0)),
      CONSTRAINT ledger_accounts_natural_key UNIQUE NULLS NOT DISTINCT (merchant_code, kind, owner_id, ref, shard)
    )`.execute(db);
  await sql`CREATE INDEX ledger_accounts_by_owner ON ledger_accounts (owner_id) WHERE owner_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE ledger_transfers (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      idempotency_key text CHECK (char_length(idempotency_key) BETWEEN 1 AND 200),
      request_hash text NOT NULL,
      debit_account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      credit_account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL CHECK (amount > 0),
      kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'wallet_transfer', 'member_transfer', 'bet', 'win', 'refund', 'rebate', 'bonus', 'adjustment')),
      state text NOT NULL CHECK (state IN ('pending', 'posted', 'voided')),
      cause_type text NOT NULL CHECK (cause_type IN ('member', 'operator', 'game_round', 'job', 'gateway')),
      cause_id text NOT NULL,
      memo jsonb NOT NULL DEFAULT '{}',
      debit_balance_after bigint,
      credit_balance_after bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      CONSTRAINT ledger_transfers_two_accounts CHECK (debit_account_id <> credit_account_id),
      CONSTRAINT ledger_transfers_settled CHECK ((state = 'pending') = (settled_at IS NULL)),
      CONSTRAINT ledger_transfers_posted_balances
        CHECK ((state = 'posted') = (debit_balance_after IS NOT NULL AND credit_balance_after IS NOT NULL)),
      CONSTRAINT ledger_transfers_idempotency UNIQUE (merchant_code, idempotency_key)
    )`.execute(db);
  // Statements and records read one account's transfers newest first.
  await sql`CREATE INDEX ledger_transfers_by_debit ON ledger_transfers (debit_account_id, id)`.execute(db);
  await sql`CREATE INDEX ledger_transfers_by_credit ON ledger_transfers (credit_account_id, id)`.execute(db);
  await sql`CREATE INDEX ledger_transfers_pending ON ledger_transfers (created_at) WHERE state = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_transfers`.execute(db);
  await sql`DROP TABLE ledger_accounts`.execute(db);
}

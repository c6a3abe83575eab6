import { type Kysely, sql } from 'kysely';

/** Security centre (modules/security-centre): payment passwords and the accounts members withdraw to. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_passwords (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      password_hash text NOT NULL,
      failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
      locked_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE payout_accounts (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      type text NOT NULL CHECK (type IN ('bank', 'ewallet')),
      provider text NOT NULL CHECK (char_length(provider) BETWEEN 2 AND 60),
      holder_name text NOT NULL CHECK (char_length(holder_name) BETWEEN 2 AND 60),
      account_number text NOT NULL CHECK (account_number ~ '^[0-9]{6,30}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      removed_at timestamptz
    )`.execute(db);
  // One live binding of the same account per member; unbound rows stay for withdrawal records.
  await sql`
    CREATE UNIQUE INDEX payout_accounts_live ON payout_accounts (member_id, type, lower(provider), account_number)
    WHERE removed_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS payout_accounts`.execute(db);
  await sql`DROP TABLE IF EXISTS payment_passwords`.execute(db);
}

import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE merchants (
      code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9_]{2,32}$'),
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE merchant_settings (
      merchant_code text NOT NULL REFERENCES merchants(code),
      key text NOT NULL,
      value jsonb NOT NULL,
      version integer NOT NULL DEFAULT 1,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL,
      PRIMARY KEY (merchant_code, key)
    )`.execute(db);
  await sql`
    CREATE TABLE settings_audit (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      key text NOT NULL,
      old_value jsonb,
      new_value jsonb NOT NULL,
      actor text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX settings_audit_by_key ON settings_audit (merchant_code, key, at DESC)`.execute(db);
  await sql`
    CREATE TABLE sessions (
      token_hash bytea PRIMARY KEY,
      member_id bigint NOT NULL,
      merchant_code text NOT NULL REFERENCES merchants(code),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      end_reason text
    )`.execute(db);
  await sql`CREATE INDEX sessions_live_by_member ON sessions (member_id) WHERE ended_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sessions`.execute(db);
  await sql`DROP TABLE settings_audit`.execute(db);
  await sql`DROP TABLE merchant_settings`.execute(db);
  await sql`DROP TABLE merchants`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/** SMS verification codes: registration, login by code, password by phone. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sms_codes (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      purpose text NOT NULL CHECK (purpose IN ('register', 'login')),
      dial_code text NOT NULL,
      mobile text NOT NULL,
      code_hash bytea NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sms_codes_by_number ON sms_codes (merchant_code, purpose, dial_code, mobile, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_codes`.execute(db);
}

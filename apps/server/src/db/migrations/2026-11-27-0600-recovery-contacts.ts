import { type Kysely, sql } from 'kysely';

/**
 * A way back into an account: when its e-mail and mobile were proven (a code sent there came back), the codes
 * that prove them, and SMS codes for a password reset. A verified e-mail belongs to one account per merchant
 * (mobiles already do, verified or not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN email_verified_at timestamptz`.execute(db);
  await sql`ALTER TABLE members ADD COLUMN mobile_verified_at timestamptz`.execute(db);
  await sql`CREATE UNIQUE INDEX members_verified_email_per_merchant ON members (merchant_code, lower(email)) WHERE email_verified_at IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE contact_codes (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      channel text NOT NULL CHECK (channel IN ('email', 'mobile')),
      email text,
      dial_code text,
      mobile text,
      code_hash bytea NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((channel = 'email' AND email IS NOT NULL) OR (channel = 'mobile' AND dial_code IS NOT NULL AND mobile IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX contact_codes_by_member ON contact_codes (member_id, channel, id DESC)`.execute(db);
  await sql`ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check`.execute(db);
  await sql`ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('register', 'login', 'reset'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sms_codes WHERE purpose = 'reset'`.execute(db);
  await sql`ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check`.execute(db);
  await sql`ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('register', 'login'))`.execute(db);
  await sql`DROP TABLE contact_codes`.execute(db);
  await sql`DROP INDEX members_verified_email_per_merchant`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN mobile_verified_at`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN email_verified_at`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/** New-address login verification: addresses each member has proven, and open tickets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_known_addresses (
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      ip text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, ip)
    )`.execute(db);
  // Members who logged in before this table existed keep their last address as known.
  await sql`
    INSERT INTO member_known_addresses (member_id, ip)
    SELECT id, last_login_ip FROM members WHERE last_login_ip IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE login_verification_tickets (
      ticket_hash bytea PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      merchant_code text NOT NULL REFERENCES merchants(code),
      ip text NOT NULL,
      password_expired boolean NOT NULL,
      must_change boolean NOT NULL,
      method text,
      code_hash bytea,
      code_expires_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_verification_tickets_by_expiry ON login_verification_tickets (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_verification_tickets`.execute(db);
  await sql`DROP TABLE member_known_addresses`.execute(db);
}

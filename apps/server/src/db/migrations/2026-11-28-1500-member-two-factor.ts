import { type Kysely, sql } from 'kysely';

/**
 * Players' two-factor login (modules/two-factor): the authenticator secret sealed at rest with the last time step
 * accepted (a code is good once) and the wrong-code count; the row exists from the start of enrolment and is on
 * once `enabled_at` is set. Recovery codes are kept as SHA-256 of the normalised code, each usable once. A login
 * held for the second factor is a login-verification ticket only the authenticator's code completes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_two_factor (
      member_id bigint PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
      secret_sealed bytea NOT NULL,
      last_step bigint,
      failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
      locked_until timestamptz,
      enabled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE member_two_factor_recovery_codes (
      member_id bigint NOT NULL REFERENCES member_two_factor(member_id) ON DELETE CASCADE,
      code_hash bytea NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (member_id, code_hash)
    )`.execute(db);
  await sql`ALTER TABLE login_verification_tickets ADD COLUMN second_factor boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE login_verification_tickets DROP COLUMN second_factor`.execute(db);
  await sql`DROP TABLE member_two_factor_recovery_codes`.execute(db);
  await sql`DROP TABLE member_two_factor`.execute(db);
}

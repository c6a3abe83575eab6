import { type Kysely, sql } from 'kysely';

/**
 * Hardening: the login failures of one address across accounts (password spraying) are counted on every
 * attempt, so they get their own index; wrong answers to a knowledge question (the bank holder name) are
 * counted per member across verification tickets; a game session names the site session that opened it and
 * stands only while that one does; freezing an account is audited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX login_failures_by_address ON login_failures (merchant_code, ip, failed_at)`.execute(db);
  await sql`ALTER TABLE login_verification_tickets ADD COLUMN wrong_answers integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX login_verification_tickets_by_member ON login_verification_tickets (member_id, created_at)`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN derived_ended_at timestamptz`.execute(db);
  await sql`ALTER TABLE house_game_sessions ADD COLUMN site_session_hash bytea`.execute(db);
  await sql`ALTER TABLE member_audit DROP CONSTRAINT member_audit_action_check`.execute(db);
  await sql`
    ALTER TABLE member_audit ADD CONSTRAINT member_audit_action_check
    CHECK (action IN ('create', 'set-password', 'set-type', 'unlock', 'freeze', 'unfreeze'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM member_audit WHERE action IN ('freeze', 'unfreeze')`.execute(db);
  await sql`ALTER TABLE member_audit DROP CONSTRAINT member_audit_action_check`.execute(db);
  await sql`
    ALTER TABLE member_audit ADD CONSTRAINT member_audit_action_check
    CHECK (action IN ('create', 'set-password', 'set-type', 'unlock'))`.execute(db);
  await sql`ALTER TABLE house_game_sessions DROP COLUMN site_session_hash`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN derived_ended_at`.execute(db);
  await sql`DROP INDEX login_verification_tickets_by_member`.execute(db);
  await sql`ALTER TABLE login_verification_tickets DROP COLUMN wrong_answers`.execute(db);
  await sql`DROP INDEX login_failures_by_address`.execute(db);
}

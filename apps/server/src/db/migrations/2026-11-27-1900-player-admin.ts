import { type Kysely, sql } from 'kysely';

/**
 * The back office's players: staff notes, the operator's "change the password at next login" flag, the
 * `players.manage` permission on the roles that act on players, and the indexes the player search reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE player_notes (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      author text NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX player_notes_by_member ON player_notes (member_id, id DESC)`.execute(db);
  await sql`ALTER TABLE members ADD COLUMN password_change_required boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE member_audit DROP CONSTRAINT member_audit_action_check`.execute(db);
  await sql`
    ALTER TABLE member_audit ADD CONSTRAINT member_audit_action_check
    CHECK (action IN ('create', 'set-password', 'set-type', 'unlock', 'freeze', 'unfreeze', 'require-password-change'))`.execute(
    db,
  );
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'players.manage')
    WHERE name IN ('owner', 'support', 'risk') AND NOT ('players.manage' = ANY (permissions))`.execute(db);

  // Player search: an account by prefix, the other keys by equality.
  await sql`CREATE INDEX members_account_prefix ON members (merchant_code, lower(account) text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX members_by_national_mobile ON members (merchant_code, mobile) WHERE mobile IS NOT NULL`.execute(db);
  await sql`CREATE INDEX members_by_email ON members (merchant_code, lower(email)) WHERE email IS NOT NULL`.execute(db);
  await sql`CREATE INDEX members_by_last_login_ip ON members (merchant_code, last_login_ip) WHERE last_login_ip IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX member_known_addresses_by_ip ON member_known_addresses (ip)`.execute(db);
  await sql`CREATE INDEX payout_accounts_by_number ON payout_accounts (merchant_code, account_number)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payout_accounts_by_number`.execute(db);
  await sql`DROP INDEX member_known_addresses_by_ip`.execute(db);
  await sql`DROP INDEX members_by_last_login_ip`.execute(db);
  await sql`DROP INDEX members_by_email`.execute(db);
  await sql`DROP INDEX members_by_national_mobile`.execute(db);
  await sql`DROP INDEX members_account_prefix`.execute(db);
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'players.manage')`.execute(db);
  await sql`DELETE FROM member_audit WHERE action = 'require-password-change'`.execute(db);
  await sql`ALTER TABLE member_audit DROP CONSTRAINT member_audit_action_check`.execute(db);
  await sql`
    ALTER TABLE member_audit ADD CONSTRAINT member_audit_action_check
    CHECK (action IN ('create', 'set-password', 'set-type', 'unlock', 'freeze', 'unfreeze'))`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN password_change_required`.execute(db);
  await sql`DROP TABLE player_notes`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/** Operator changes to accounts: who created an account, set a password, changed a type, unlocked. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_audit (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      action text NOT NULL CHECK (action IN ('create', 'set-password', 'set-type', 'unlock')),
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      actor text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX member_audit_by_merchant ON member_audit (merchant_code, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_audit`.execute(db);
}

import { DEFAULT_ROLES } from '@tessera/contract/staff-permissions';
import { type Kysely, sql } from 'kysely';
import { asStoredJson, type ChainedFields, entryHash, GENESIS_HASH } from '../../modules/audit-log/chain.js';

interface OldAuditRow {
  merchant_code: string;
  key: string;
  old_value: unknown;
  new_value: unknown;
  actor: string;
  at: Date;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      seq bigint PRIMARY KEY,
      at timestamptz NOT NULL,
      actor text NOT NULL,
      actor_kind text NOT NULL CHECK (actor_kind IN ('staff', 'cli', 'system')),
      ip text,
      merchant_code text,
      action text NOT NULL,
      target text,
      before jsonb,
      after jsonb,
      prev_hash text NOT NULL,
      hash text NOT NULL UNIQUE
    )`.execute(db);
  await sql`CREATE INDEX audit_log_by_actor ON audit_log (actor, seq DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_by_action ON audit_log (action, seq DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_by_target ON audit_log (target, seq DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_by_time ON audit_log (at)`.execute(db);

  // The settings trail becomes the first stretch of the chain, in the order it was written.
  const { rows } = await sql<OldAuditRow>`
    SELECT merchant_code, key, old_value, new_value, actor, at FROM settings_audit ORDER BY id`.execute(db);
  let prevHash = GENESIS_HASH;
  let seq = 0n;
  for (const row of rows) {
    seq += 1n;
    const fields: ChainedFields = {
      seq,
      at: new Date(row.at.getTime()),
      actor: row.actor,
      actorKind: row.actor.startsWith('cli:') ? 'cli' : 'system',
      ip: null,
      merchantCode: row.merchant_code,
      action: 'settings.set',
      target: row.key,
      before: asStoredJson(row.old_value),
      after: asStoredJson(row.new_value),
      prevHash,
    };
    const hash = entryHash(fields);
    await sql`
      INSERT INTO audit_log (seq, at, actor, actor_kind, ip, merchant_code, action, target, before, after, prev_hash, hash)
      VALUES (${seq.toString()}::bigint, ${fields.at}, ${fields.actor}, ${fields.actorKind}, NULL, ${fields.merchantCode},
        ${fields.action}, ${fields.target}, ${fields.before === null ? null : JSON.stringify(fields.before)}::jsonb,
        ${JSON.stringify(fields.after)}::jsonb, ${prevHash}, ${hash})`.execute(db);
    prevHash = hash;
  }
  await sql`DROP TABLE settings_audit`.execute(db);

  await sql`
    CREATE TABLE staff_roles (
      name text PRIMARY KEY,
      permissions text[] NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  for (const [name, permissions] of Object.entries(DEFAULT_ROLES)) {
    await sql`INSERT INTO staff_roles (name, permissions) VALUES (${name}, ${sql.val([...permissions])}::text[])`.execute(db);
  }
  await sql`
    CREATE TABLE staff (
      id bigserial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      role text NOT NULL REFERENCES staff_roles(name),
      password_hash text,
      totp_secret text,
      totp_last_step bigint,
      enrol_token_hash bytea UNIQUE,
      enrol_expires_at timestamptz,
      enrolled_at timestamptz,
      failed_attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      disabled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE staff_recovery_codes (
      staff_id bigint NOT NULL REFERENCES staff(id),
      code_hash bytea NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (staff_id, code_hash)
    )`.execute(db);
  await sql`
    CREATE TABLE staff_sessions (
      id bigserial PRIMARY KEY,
      token_hash bytea NOT NULL UNIQUE,
      staff_id bigint NOT NULL REFERENCES staff(id),
      second_factor_done boolean NOT NULL,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      end_reason text
    )`.execute(db);
  await sql`CREATE INDEX staff_sessions_live ON staff_sessions (staff_id) WHERE ended_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE staff_sessions`.execute(db);
  await sql`DROP TABLE staff_recovery_codes`.execute(db);
  await sql`DROP TABLE staff`.execute(db);
  await sql`DROP TABLE staff_roles`.execute(db);
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
    INSERT INTO settings_audit (merchant_code, key, old_value, new_value, actor, at)
    SELECT merchant_code, target, before, after, actor, at FROM audit_log WHERE action = 'settings.set' ORDER BY seq`.execute(db);
  await sql`DROP TABLE audit_log`.execute(db);
}

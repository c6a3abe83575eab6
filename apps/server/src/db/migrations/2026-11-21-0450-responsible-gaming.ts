import { type Kysely, sql } from 'kysely';

/** Responsible gaming: player-set deposit limits, time-outs and self-exclusions, and their audit trail. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rg_deposit_limits (
      member_id bigint NOT NULL REFERENCES members(id),
      merchant_code text NOT NULL REFERENCES merchants(code),
      period text NOT NULL CHECK (period IN ('daily', 'weekly', 'monthly')),
      limit_minor bigint CHECK (limit_minor > 0),
      pending boolean NOT NULL DEFAULT false,
      pending_limit_minor bigint CHECK (pending_limit_minor > 0),
      pending_effective_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, period),
      CHECK (pending = (pending_effective_at IS NOT NULL)),
      CHECK (pending OR pending_limit_minor IS NULL)
    )`.execute(db);

  await sql`
    CREATE TABLE rg_exclusions (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      merchant_code text NOT NULL REFERENCES merchants(code),
      kind text NOT NULL CHECK (kind IN ('timeout', 'self_exclusion')),
      duration text NOT NULL CHECK (duration IN ('24h', '7d', '30d', '6m', 'permanent')),
      starts_at timestamptz NOT NULL DEFAULT now(),
      ends_at timestamptz,
      lifted_at timestamptz,
      lifted_by text,
      CHECK (ends_at IS NULL OR ends_at > starts_at),
      CHECK ((lifted_at IS NULL) = (lifted_by IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX rg_exclusions_open_by_member ON rg_exclusions (member_id) WHERE lifted_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE rg_audit (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL REFERENCES members(id),
      actor text NOT NULL,
      action text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX rg_audit_by_member ON rg_audit (member_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rg_audit`.execute(db);
  await sql`DROP TABLE rg_exclusions`.execute(db);
  await sql`DROP TABLE rg_deposit_limits`.execute(db);
}

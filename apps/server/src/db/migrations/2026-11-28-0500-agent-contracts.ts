import { type Kysely, sql } from 'kysely';

/**
 * Agent contracts (docs/decisions.md, "Agent contracts"): one row per offer, kept for good whatever becomes of it.
 * The partial unique indexes hold "one offer awaiting an answer" and "one active contract" per downline and kind
 * whatever races the service's lock misses. What settlement reads is on the row: the period kind and its time zone,
 * the exact instants it pays from and to, the tiers, and the upline chain when it was accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_contracts (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary')),
      upline_id bigint NOT NULL REFERENCES members(id),
      downline_id bigint NOT NULL REFERENCES members(id),
      period text NOT NULL CHECK (period IN ('fiveMinutes', 'daily', 'weekly', 'semiMonthly', 'monthly')),
      time_zone text NOT NULL,
      tiers jsonb NOT NULL,
      rates jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('offered', 'rejected', 'withdrawn', 'active', 'ending', 'ended')),
      offered_at timestamptz NOT NULL DEFAULT now(),
      answered_at timestamptz,
      effective_from timestamptz,
      effective_to timestamptz,
      end_reason text CHECK (end_reason IN ('upline', 'downline', 'superseded', 'ceiling', 'operator')),
      replaced_by bigint REFERENCES agent_contracts(id),
      upline_chain bigint[],
      CHECK (upline_id <> downline_id),
      CHECK (effective_to IS NULL OR effective_from IS NULL OR effective_to >= effective_from)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX agent_contracts_one_offer ON agent_contracts (downline_id, kind) WHERE status = 'offered'`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX agent_contracts_one_active ON agent_contracts (downline_id, kind) WHERE status = 'active'`.execute(
    db,
  );
  await sql`CREATE INDEX agent_contracts_by_upline ON agent_contracts (upline_id, kind, id DESC)`.execute(db);
  await sql`CREATE INDEX agent_contracts_by_downline ON agent_contracts (downline_id, kind, id DESC)`.execute(db);
  await sql`CREATE INDEX agent_contracts_by_merchant ON agent_contracts (merchant_code, id DESC)`.execute(db);
  await sql`CREATE INDEX agent_contracts_due ON agent_contracts (effective_to) WHERE status = 'ending'`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'contracts.manage')
    WHERE name = 'owner' AND NOT ('contracts.manage' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'contracts.manage')`.execute(db);
  await sql`DROP TABLE agent_contracts`.execute(db);
}

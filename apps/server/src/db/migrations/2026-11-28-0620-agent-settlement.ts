import { type Kysely, sql } from 'kysely';

/**
 * Settlement of agent contracts (docs/decisions.md, "Agent settlement"): a statement per closed period of a contract
 * (unique, so a period is settled once), the mark of how far each contract is settled and when its next period closes,
 * the runs of the settlement job, the ledger's newest id noted each run (a lower bound for the reads of a later
 * period), and the test clock (moved only where the configuration allows it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_settlement_runs (
      id bigserial PRIMARY KEY,
      started_at timestamptz NOT NULL DEFAULT now(),
      statements integer NOT NULL DEFAULT 0,
      paid_minor bigint NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE TABLE agent_settlements (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      contract_id bigint NOT NULL REFERENCES agent_contracts(id),
      run_id bigint REFERENCES agent_settlement_runs(id),
      kind text NOT NULL,
      agent_id bigint NOT NULL REFERENCES members(id),
      upline_id bigint NOT NULL REFERENCES members(id),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      team_size integer NOT NULL,
      active_members integer NOT NULL,
      valid_bet bigint NOT NULL,
      payout bigint NOT NULL,
      tier integer,
      rate integer NOT NULL,
      lines jsonb NOT NULL DEFAULT '[]',
      carry_in bigint NOT NULL DEFAULT 0 CHECK (carry_in <= 0),
      carry_out bigint NOT NULL DEFAULT 0 CHECK (carry_out <= 0),
      gross bigint NOT NULL CHECK (gross >= 0),
      downline_paid bigint NOT NULL DEFAULT 0 CHECK (downline_paid >= 0),
      amount bigint NOT NULL CHECK (amount >= 0),
      status text NOT NULL CHECK (status IN ('nothing', 'review', 'held', 'paid', 'rejected')),
      reason text,
      transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      paid_at timestamptz,
      CHECK (period_end > period_start),
      UNIQUE (contract_id, period_start)
    )`.execute(db);
  await sql`CREATE INDEX agent_settlements_by_agent ON agent_settlements (agent_id, period_end DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX agent_settlements_by_merchant ON agent_settlements (merchant_code, period_end DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX agent_settlements_by_upline ON agent_settlements (upline_id, kind, period_end)`.execute(db);
  await sql`CREATE INDEX agent_settlements_by_run ON agent_settlements (run_id)`.execute(db);
  await sql`
    CREATE TABLE agent_settlement_marks (
      contract_id bigint PRIMARY KEY REFERENCES agent_contracts(id),
      settled_to timestamptz NOT NULL,
      due_at timestamptz,
      carry bigint NOT NULL DEFAULT 0 CHECK (carry <= 0)
    )`.execute(db);
  await sql`CREATE INDEX agent_settlement_marks_due ON agent_settlement_marks (due_at) WHERE due_at IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE agent_settlement_ticks (
      at timestamptz PRIMARY KEY,
      max_transfer_id bigint NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE agent_settlement_clock (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0)
    )`.execute(db);
  await sql`INSERT INTO agent_settlement_clock DEFAULT VALUES`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_settlement_clock`.execute(db);
  await sql`DROP TABLE agent_settlement_ticks`.execute(db);
  await sql`DROP TABLE agent_settlement_marks`.execute(db);
  await sql`DROP TABLE agent_settlements`.execute(db);
  await sql`DROP TABLE agent_settlement_runs`.execute(db);
}

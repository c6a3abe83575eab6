import type { ContractKind } from '@tessera/contract/agent-contracts';
import type { StatementFilter } from '@tessera/contract/api/agent-income';
import type { StatementStatus } from '@tessera/contract/routes/agent-income';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoredLine } from './tables.js';

/** A team as member links with the span each was under the agent (AgentsService.teamLinksDuring). */
export type TeamLinks = RawBuilder<{ member_id: bigint; since: Date; until: Date }>;

/** The team of an agent over [from, to): links of `agent` (a column of the batch's periods) from the agents' module. */
export type TeamOf = (agent: RawBuilder<bigint>, from: RawBuilder<Date>, to: RawBuilder<Date>) => TeamLinks;

/** A contract's period to read figures for: its agent's team over [from, to), the ledger's transfers above `floor`. */
export interface PeriodToRead {
  contractId: bigint;
  merchantCode: string;
  agentId: bigint;
  from: Date;
  to: Date;
  floor: bigint;
  timeZone: string;
}

/** Rows as one jsonb parameter: a batch of any size is one bind value on PostgreSQL and PGlite alike. */
const asJson = (rows: readonly object[]) =>
  JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));

/**
 * Runs `work` under a savepoint of the caller's transaction: when it throws, what it wrote is undone and the
 * transaction goes on.
 */
export async function inSavepoint<T>(trx: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT agent_settlement_credits`.execute(trx);
  try {
    const result = await work();
    await sql`RELEASE SAVEPOINT agent_settlement_credits`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT agent_settlement_credits`.execute(trx);
    throw error;
  }
}

/** One settlement run at a time across every instance: a run settles contracts in the order their pay depends on. */
export async function lockRuns(trx: Kysely<Database>) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('agent_settlement'), 0)`.execute(trx);
}

/** The settlement clock: now, moved ahead by the test offset (always 0 unless the configuration allows moving it). */
export async function clockOffsetMs(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('agent_settlement_clock').select('offset_ms').executeTakeFirst();
  return Number(row?.offset_ms ?? 0n);
}

export async function setClockOffset(db: Kysely<Database>, offsetMs: number) {
  await db
    .updateTable('agent_settlement_clock')
    .set({ offset_ms: BigInt(offsetMs) })
    .execute();
}

/**
 * Notes the ledger's newest transfer id now. A transaction that starts later takes higher ids, so the transfers of a
 * period starting after this note all have higher ids: the note bounds a period's reads from below. Notes older than
 * the longest period (and a margin) go.
 */
export async function noteTick(trx: Kysely<Database>) {
  await sql`
    INSERT INTO agent_settlement_ticks (at, max_transfer_id)
    SELECT clock_timestamp(), coalesce((SELECT max(id) FROM ledger_transfers), 0)
    ON CONFLICT DO NOTHING`.execute(trx);
  await sql`DELETE FROM agent_settlement_ticks WHERE at < now() - interval '70 days'`.execute(trx);
}

/** The highest transfer id noted no later than `at`: every transfer settled from `at` on has a higher one. */
export async function idFloor(db: Kysely<Database>, at: Date): Promise<bigint> {
  const { rows } = await sql<{ floor: string | null }>`
    SELECT max(max_transfer_id)::text AS floor FROM agent_settlement_ticks WHERE at <= ${at}`.execute(db);
  return BigInt(rows[0]?.floor ?? 0);
}

/**
 * The instant before which every transaction has ended: the start of the oldest other open one (null when none).
 * Transfers are stamped with their transaction's start, so every one settled before it is committed and visible.
 */
export async function finalBefore(db: Kysely<Database>): Promise<Date | null> {
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const { rows } = await sql<{ at: Date | null }>`
    SELECT min(xact_start) AS at FROM pg_stat_activity
    WHERE pid <> pg_backend_pid() AND datname = current_database() AND xact_start IS NOT NULL`.execute(db);
  return rows[0]?.at ?? null;
}

/**
 * Starts marks for contracts that have begun paying and have none yet: settled up to their start, due at once (the
 * caller sets when their first period really closes).
 */
export async function startMarks(trx: Kysely<Database>) {
  const { rows } = await sql<{ contract_id: bigint; settled_to: Date }>`
    INSERT INTO agent_settlement_marks (contract_id, settled_to, due_at)
    SELECT c.id, c.effective_from, c.effective_from FROM agent_contracts c
    WHERE c.status IN ('active', 'ending', 'ended') AND c.effective_from IS NOT NULL
      AND c.effective_from <= now() AND (c.effective_to IS NULL OR c.effective_to > c.effective_from)
      AND NOT EXISTS (SELECT 1 FROM agent_settlement_marks m WHERE m.contract_id = c.id)
    ON CONFLICT DO NOTHING
    RETURNING contract_id, settled_to`.execute(trx);
  if (rows.length === 0) return [];
  return trx
    .selectFrom('agent_contracts')
    .select(['id', 'period', 'time_zone', 'effective_to'])
    .where(
      'id',
      'in',
      rows.map((row) => row.contract_id),
    )
    .execute()
    .then((contracts) =>
      contracts.map((contract) => ({
        ...contract,
        settledTo: (rows.find((row) => row.contract_id === contract.id) as { settled_to: Date }).settled_to,
      })),
    );
}

/** Sets when each started contract's first period closes, in one statement. */
export async function setDues(trx: Kysely<Database>, dues: readonly { contractId: bigint; dueAt: Date }[]) {
  if (dues.length === 0) return;
  await sql`
    UPDATE agent_settlement_marks m SET due_at = d."dueAt"
    FROM jsonb_to_recordset(${asJson(dues)}::jsonb) AS d ("contractId" int8, "dueAt" timestamptz)
    WHERE m.contract_id = d."contractId"`.execute(trx);
}

/**
 * Contracts with a period closed by `clock`: their mark's next end, or their own end if sooner. Earliest end first and,
 * for the same end, the deepest agent first, so a downline's statement exists before its upline's reads it.
 */
export async function selectDue(trx: Kysely<Database>, clock: Date, limit: number) {
  const { rows } = await sql<DueContract>`
    SELECT c.id, c.merchant_code, c.kind, c.upline_id, c.downline_id, c.period, c.time_zone, c.tiers,
      c.effective_from, c.effective_to, m.settled_to, m.due_at, m.carry
    FROM agent_settlement_marks m JOIN agent_contracts c ON c.id = m.contract_id
    WHERE m.due_at IS NOT NULL AND least(m.due_at, coalesce(c.effective_to, 'infinity')) <= ${clock}
    ORDER BY least(m.due_at, coalesce(c.effective_to, 'infinity')), coalesce(cardinality(c.upline_chain), 0) DESC, c.id
    LIMIT ${limit}`.execute(trx);
  return rows;
}

export interface DueContract {
  id: bigint;
  merchant_code: string;
  kind: ContractKind;
  upline_id: bigint;
  downline_id: bigint;
  period: 'fiveMinutes' | 'daily' | 'weekly' | 'semiMonthly' | 'monthly';
  time_zone: string;
  tiers: Record<string, string | number>[];
  effective_from: Date;
  effective_to: Date | null;
  settled_to: Date;
  due_at: Date;
  carry: bigint;
}

/** Moves each contract's mark: how far it is settled, its next period's end (null: none), and its carry. */
export async function updateMarks(
  trx: Kysely<Database>,
  marks: readonly { contractId: bigint; settledTo: Date; dueAt: Date | null; carry: bigint }[],
) {
  if (marks.length === 0) return;
  await sql`
    UPDATE agent_settlement_marks m SET settled_to = k."settledTo", due_at = k."dueAt", carry = k.carry
    FROM jsonb_to_recordset(${asJson(marks)}::jsonb) AS k ("contractId" int8, "settledTo" timestamptz, "dueAt" timestamptz, carry int8)
    WHERE m.contract_id = k."contractId"`.execute(trx);
}

/**
 * The bets of each period's team and what came back to it in the period, each while its member was under the agent:
 * one read for a batch of periods. Each member's accounts, then each account's transfers, are read once through their own
 * index (`OFFSET 0` keeps the planner from flattening a lateral read into a hash join over every account,
 * `MATERIALIZED` from repeating it), and the house side is checked after that read, against the few house accounts
 * held aside: joined to the read, PostgreSQL may start from the house accounts and repeat every account's read for
 * each of them (16 times over a batch), or read every bet of the merchant for each member.
 */
function teamMoves(periods: readonly PeriodToRead[], teamOf: TeamOf) {
  return sql`
    periods AS MATERIALIZED (
      SELECT * FROM jsonb_to_recordset(${asJson(periods)}::jsonb) AS p (
        "contractId" int8, "merchantCode" text, "agentId" int8, "from" timestamptz, "to" timestamptz, floor int8,
        "timeZone" text)),
    links AS MATERIALIZED (
      SELECT p."contractId" AS contract_id, l.member_id, greatest(l.since, p."from") AS since, least(l.until, p."to") AS until
      FROM periods p CROSS JOIN LATERAL (${teamOf(sql.ref<bigint>('p.agentId'), sql.ref<Date>('p.from'), sql.ref<Date>('p.to'))}) l),
    accounts AS MATERIALIZED (
      SELECT l.contract_id, a.id, l.member_id, l.since, l.until, p.floor
      FROM links l JOIN periods p ON p."contractId" = l.contract_id
      CROSS JOIN LATERAL (
        SELECT a.id FROM ledger_accounts a
        WHERE a.owner_id = l.member_id AND a.merchant_code = p."merchantCode" AND a.kind IN ('member_main', 'member_vendor')
        OFFSET 0) a
      WHERE l.since < l.until),
    games AS MATERIALIZED (SELECT id FROM ledger_accounts WHERE kind = 'house' AND ref = 'games'),
    bet_moves AS MATERIALIZED (
      SELECT a.contract_id, t.id, a.member_id, a.id AS account_id, t.amount, t.settled_at, t.round_id, t.credit_account_id
      FROM accounts a CROSS JOIN LATERAL (
        SELECT t.id, t.amount, t.settled_at, t.memo->>'roundId' AS round_id, t.credit_account_id
        FROM ledger_transfers t
        WHERE t.debit_account_id = a.id AND t.id > a.floor AND t.kind = 'bet' AND t.state = 'posted'
          AND t.settled_at >= a.since AND t.settled_at < a.until
        OFFSET 0) t),
    bets AS (
      SELECT m.contract_id, m.id, m.member_id, m.account_id, m.amount, m.settled_at, m.round_id
      FROM bet_moves m JOIN games h ON h.id = m.credit_account_id),
    return_moves AS MATERIALIZED (
      SELECT a.contract_id, t.kind, a.member_id, a.id AS account_id, t.amount, t.settled_at, t.round_id, t.debit_account_id
      FROM accounts a CROSS JOIN LATERAL (
        SELECT t.kind, t.amount, t.settled_at, t.memo->>'roundId' AS round_id, t.debit_account_id
        FROM ledger_transfers t
        WHERE t.credit_account_id = a.id AND t.id > a.floor AND t.kind IN ('win', 'refund') AND t.state = 'posted'
          AND t.settled_at >= a.since AND t.settled_at < a.until
        OFFSET 0) t),
    returns AS (
      SELECT m.contract_id, m.kind, m.member_id, m.account_id, m.amount, m.settled_at, m.round_id
      FROM return_moves m JOIN games h ON h.id = m.debit_account_id)`;
}

export interface TeamFigures {
  teamSize: number;
  activeMembers: number;
  validBet: bigint;
  payout: bigint;
}

/** Each period's team size, its members who bet, valid bets (stakes less refunds) and payouts, by contract. */
export async function selectFigures(
  db: Kysely<Database>,
  periods: readonly PeriodToRead[],
  teamOf: TeamOf,
): Promise<Map<bigint, TeamFigures>> {
  if (periods.length === 0) return new Map();
  const { rows } = await sql<{
    contract_id: string;
    team_size: number;
    active: number;
    stake: string;
    refunds: string;
    payout: string;
  }>`
    WITH ${teamMoves(periods, teamOf)},
    team AS (SELECT contract_id, count(DISTINCT member_id)::int AS n FROM links GROUP BY contract_id),
    staked AS (
      SELECT contract_id, count(DISTINCT member_id)::int AS active, sum(amount) AS stake FROM bets GROUP BY contract_id),
    returned AS (
      SELECT contract_id, sum(amount) FILTER (WHERE kind = 'refund') AS refunds, sum(amount) FILTER (WHERE kind = 'win') AS payout
      FROM returns GROUP BY contract_id)
    SELECT p."contractId"::text AS contract_id, coalesce(team.n, 0) AS team_size, coalesce(staked.active, 0) AS active,
      coalesce(staked.stake, 0)::text AS stake, coalesce(returned.refunds, 0)::text AS refunds,
      coalesce(returned.payout, 0)::text AS payout
    FROM periods p
    LEFT JOIN team ON team.contract_id = p."contractId"
    LEFT JOIN staked ON staked.contract_id = p."contractId"
    LEFT JOIN returned ON returned.contract_id = p."contractId"`.execute(db);
  return new Map(
    rows.map((row) => [
      BigInt(row.contract_id),
      {
        teamSize: Number(row.team_size),
        activeMembers: Number(row.active),
        validBet: BigInt(row.stake) - BigInt(row.refunds),
        payout: BigInt(row.payout),
      },
    ]),
  );
}

export interface HourFigures {
  from: Date;
  validBet: bigint;
  active: number;
}

/** Each period's valid bets and members who bet per hour (hours of the period's zone), hours with bets only. */
export async function selectHours(
  db: Kysely<Database>,
  periods: readonly PeriodToRead[],
  teamOf: TeamOf,
): Promise<Map<bigint, HourFigures[]>> {
  const hours = new Map<bigint, HourFigures[]>(periods.map((p) => [p.contractId, []]));
  if (periods.length === 0) return hours;
  const { rows } = await sql<{ contract_id: string; hour: Date; valid_bet: string; active: number }>`
    WITH ${teamMoves(periods, teamOf)},
    hourly AS (
      SELECT b.contract_id, (date_trunc('hour', b.settled_at AT TIME ZONE p."timeZone") AT TIME ZONE p."timeZone") AS hour,
        b.member_id, b.amount AS stake, 0::bigint AS refund
      FROM bets b JOIN periods p ON p."contractId" = b.contract_id
      UNION ALL
      SELECT r.contract_id, (date_trunc('hour', r.settled_at AT TIME ZONE p."timeZone") AT TIME ZONE p."timeZone"),
        NULL, 0, r.amount
      FROM returns r JOIN periods p ON p."contractId" = r.contract_id WHERE r.kind = 'refund')
    SELECT contract_id::text, hour, (sum(stake) - sum(refund))::text AS valid_bet, count(DISTINCT member_id)::int AS active
    FROM hourly GROUP BY contract_id, hour HAVING sum(stake) > 0 ORDER BY contract_id, hour`.execute(db);
  for (const row of rows) {
    hours.get(BigInt(row.contract_id))?.push({ from: row.hour, validBet: BigInt(row.valid_bet), active: Number(row.active) });
  }
  return hours;
}

/** Each period's bets with what their round paid the member by the period's end: won when more than the stake. */
export async function selectBetOutcomes(
  db: Kysely<Database>,
  periods: readonly PeriodToRead[],
  teamOf: TeamOf,
): Promise<Map<bigint, { stake: bigint; won: boolean }[]>> {
  const outcomes = new Map<bigint, { stake: bigint; won: boolean }[]>(periods.map((p) => [p.contractId, []]));
  if (periods.length === 0) return outcomes;
  const { rows } = await sql<{ contract_id: string; stake: string; returned: string }>`
    WITH ${teamMoves(periods, teamOf)}
    SELECT b.contract_id::text, b.amount::text AS stake, coalesce((
      SELECT sum(w.amount) FROM ledger_transfers w JOIN games h ON h.id = w.debit_account_id
      WHERE w.credit_account_id = b.account_id AND w.id > p.floor AND w.kind = 'win' AND w.state = 'posted'
        AND w.settled_at < p."to" AND b.round_id IS NOT NULL AND w.memo->>'roundId' = b.round_id), 0)::text AS returned
    FROM bets b JOIN periods p ON p."contractId" = b.contract_id ORDER BY b.contract_id, b.id`.execute(db);
  for (const row of rows) {
    outcomes.get(BigInt(row.contract_id))?.push({ stake: BigInt(row.stake), won: BigInt(row.returned) > BigInt(row.stake) });
  }
  return outcomes;
}

/**
 * What each agent's own downline contracts of a kind earned for periods ending in (from, to] (refused ones aside), by
 * the asking contract.
 */
export async function selectDownlinePaid(
  db: Kysely<Database>,
  periods: readonly { contractId: bigint; agentId: bigint; kind: ContractKind; from: Date; to: Date }[],
): Promise<Map<bigint, bigint>> {
  if (periods.length === 0) return new Map();
  const { rows } = await sql<{ contract_id: string; total: string }>`
    SELECT p."contractId"::text AS contract_id, coalesce(sum(s.amount), 0)::text AS total
    FROM jsonb_to_recordset(${asJson(periods)}::jsonb) AS p ("contractId" int8, "agentId" int8, kind text, "from" timestamptz, "to" timestamptz)
    LEFT JOIN agent_settlements s ON s.upline_id = p."agentId" AND s.kind = p.kind AND s.period_end > p."from"
      AND s.period_end <= p."to" AND s.status <> 'rejected'
    GROUP BY p."contractId"`.execute(db);
  return new Map(rows.map((row) => [BigInt(row.contract_id), BigInt(row.total)]));
}

export async function insertRun(trx: Kysely<Database>) {
  const row = await trx
    .insertInto('agent_settlement_runs')
    .values({ statements: 0, paid_minor: 0n })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(trx: Kysely<Database>, id: bigint, statements: number, paid: bigint) {
  await trx.updateTable('agent_settlement_runs').set({ statements, paid_minor: paid }).where('id', '=', id).execute();
}

export interface NewStatement {
  merchantCode: string;
  contractId: bigint;
  runId: bigint | null;
  kind: ContractKind;
  agentId: bigint;
  uplineId: bigint;
  periodStart: Date;
  periodEnd: Date;
  figures: TeamFigures;
  tier: number | null;
  rate: number;
  lines: StoredLine[];
  carryIn: bigint;
  carryOut: bigint;
  gross: bigint;
  downlinePaid: bigint;
  amount: bigint;
  status: StatementStatus;
}

/** How many statements one insert writes: 21 values each stay well inside PostgreSQL's 65,535 bind values. */
const STATEMENTS_PER_INSERT = 1000;

/**
 * Inserts periods' statements; answers the new ids by contract. A period that already has one gets none (it is
 * settled once).
 */
export async function insertStatements(trx: Kysely<Database>, statements: readonly NewStatement[]) {
  const ids = new Map<bigint, bigint>();
  for (let at = 0; at < statements.length; at += STATEMENTS_PER_INSERT) {
    const rows = await trx
      .insertInto('agent_settlements')
      .values(
        statements.slice(at, at + STATEMENTS_PER_INSERT).map((s) => ({
          merchant_code: s.merchantCode,
          contract_id: s.contractId,
          run_id: s.runId,
          kind: s.kind,
          agent_id: s.agentId,
          upline_id: s.uplineId,
          period_start: s.periodStart,
          period_end: s.periodEnd,
          team_size: s.figures.teamSize,
          active_members: s.figures.activeMembers,
          valid_bet: s.figures.validBet,
          payout: s.figures.payout,
          tier: s.tier,
          rate: s.rate,
          lines: JSON.stringify(s.lines),
          carry_in: s.carryIn,
          carry_out: s.carryOut,
          gross: s.gross,
          downline_paid: s.downlinePaid,
          amount: s.amount,
          status: s.status,
        })),
      )
      .onConflict((conflict) => conflict.columns(['contract_id', 'period_start']).doNothing())
      .returning(['id', 'contract_id'])
      .execute();
    for (const row of rows) ids.set(row.contract_id, row.id);
  }
  return ids;
}

/** Marks statements paid by their transfers, in one statement. */
export async function markPaid(trx: Kysely<Database>, paid: readonly { id: bigint; transferId: bigint }[]) {
  if (paid.length === 0) return;
  await sql`
    UPDATE agent_settlements s SET status = 'paid', transfer_id = p."transferId", paid_at = now()
    FROM jsonb_to_recordset(${asJson(paid)}::jsonb) AS p (id int8, "transferId" int8)
    WHERE s.id = p.id`.execute(trx);
}

/** Holds a statement whose payment the ledger refused, with why, for the operator's review. */
export async function holdUnpaid(trx: Kysely<Database>, id: bigint, reason: string) {
  await trx
    .updateTable('agent_settlements')
    .set({ status: 'held', reason, decided_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function decide(
  trx: Kysely<Database>,
  id: bigint,
  change: { status: StatementStatus; reason: string | null; transferId?: bigint },
) {
  await trx
    .updateTable('agent_settlements')
    .set({
      status: change.status,
      reason: change.reason,
      decided_at: sql<Date>`now()`,
      ...(change.transferId !== undefined ? { transfer_id: change.transferId, paid_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

const STATEMENT_FIELDS = [
  's.id',
  's.merchant_code',
  's.contract_id',
  's.kind',
  's.agent_id',
  's.upline_id',
  's.period_start',
  's.period_end',
  's.team_size',
  's.active_members',
  's.valid_bet',
  's.payout',
  's.tier',
  's.rate',
  's.lines',
  's.carry_in',
  's.carry_out',
  's.gross',
  's.downline_paid',
  's.amount',
  's.status',
  's.reason',
  's.created_at',
  's.paid_at',
  'c.period',
  'c.time_zone',
  'c.tiers',
  'a.account as agent',
  'u.account as upline',
] as const;

interface StatementQuery extends StatementFilter {
  merchantCode: string;
  id?: bigint;
  agentId?: bigint;
  timeZone: string;
}

function statementQuery(db: Kysely<Database>, filter: StatementQuery) {
  let query = db
    .selectFrom('agent_settlements as s')
    .innerJoin('agent_contracts as c', 'c.id', 's.contract_id')
    .innerJoin('members as a', 'a.id', 's.agent_id')
    .innerJoin('members as u', 'u.id', 's.upline_id')
    .where('s.merchant_code', '=', filter.merchantCode);
  if (filter.id !== undefined) query = query.where('s.id', '=', filter.id);
  if (filter.agentId !== undefined) query = query.where('s.agent_id', '=', filter.agentId);
  if (filter.agent?.trim()) query = query.where(sql<string>`lower(a.account)`, '=', filter.agent.trim().toLowerCase());
  if (filter.kind !== undefined) query = query.where('s.kind', '=', filter.kind);
  if (filter.run !== undefined) query = query.where('s.run_id', '=', BigInt(filter.run));
  if (filter.status !== undefined) query = query.where('s.status', '=', filter.status);
  if (filter.fromDay !== undefined)
    query = query.where('s.period_end', '>', sql<Date>`(${filter.fromDay}::date::timestamp AT TIME ZONE ${filter.timeZone})`);
  if (filter.toDay !== undefined)
    query = query.where(
      's.period_end',
      '<=',
      sql<Date>`((${filter.toDay}::date + 1)::timestamp AT TIME ZONE ${filter.timeZone})`,
    );
  return query;
}

export type StatementRecord = Awaited<ReturnType<typeof selectStatements>>[number];

/** Statements, newest period first, with the contract's period and tiers and both accounts. */
export function selectStatements(db: Kysely<Database>, filter: StatementQuery, page?: { offset: number; limit: number }) {
  let query = statementQuery(db, filter).select(STATEMENT_FIELDS).orderBy('s.period_end', 'desc').orderBy('s.id', 'desc');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

/** How many statements the filter holds and their amounts by status. */
export async function statementTotals(db: Kysely<Database>, filter: StatementQuery) {
  const rows = await statementQuery(db, filter)
    .select(['s.status', sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(s.amount), 0)`.as('amount')])
    .groupBy('s.status')
    .execute();
  const amountOf = (status: StatementStatus) => BigInt(rows.find((row) => row.status === status)?.amount ?? 0);
  return {
    total: rows.reduce((sum, row) => sum + Number(row.n), 0),
    paid: amountOf('paid'),
    pending: amountOf('review'),
    held: amountOf('held'),
  };
}

/** The latest runs that computed statements of the merchant, newest first, with their count, amount and what is paid. */
export function selectRuns(db: Kysely<Database>, merchantCode: string, limit: number) {
  return db
    .selectFrom('agent_settlements as s')
    .innerJoin('agent_settlement_runs as r', 'r.id', 's.run_id')
    .where('s.merchant_code', '=', merchantCode)
    .groupBy(['r.id', 'r.started_at'])
    .select([
      'r.id',
      'r.started_at',
      sql<string>`count(*)`.as('statements'),
      sql<string>`coalesce(sum(s.amount), 0)`.as('amount'),
      sql<string>`coalesce(sum(s.amount) FILTER (WHERE s.status = 'paid'), 0)`.as('paid'),
    ])
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** One statement with its row locked until the transaction ends. */
export function lockStatement(trx: Kysely<Database>, merchantCode: string, id: bigint) {
  return trx
    .selectFrom('agent_settlements')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode)
    .forUpdate()
    .executeTakeFirst();
}

export type StoredStatement = NonNullable<Awaited<ReturnType<typeof lockStatement>>>;

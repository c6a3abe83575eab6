import type { ContractKind } from '@tessera/contract/agent-contracts';
import type { StatementFilter } from '@tessera/contract/api/agent-income';
import type { StatementStatus } from '@tessera/contract/routes/agent-income';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoredLine } from './tables.js';

/** A team as member links with the span each was under the agent (AgentsService.teamLinksDuring). */
export type TeamLinks = RawBuilder<{ member_id: bigint; since: Date; until: Date }>;

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

export async function setDue(trx: Kysely<Database>, contractId: bigint, dueAt: Date) {
  await trx.updateTable('agent_settlement_marks').set({ due_at: dueAt }).where('contract_id', '=', contractId).execute();
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

export async function updateMark(
  trx: Kysely<Database>,
  contractId: bigint,
  mark: { settledTo: Date; dueAt: Date | null; carry: bigint },
) {
  await trx
    .updateTable('agent_settlement_marks')
    .set({ settled_to: mark.settledTo, due_at: mark.dueAt, carry: mark.carry })
    .where('contract_id', '=', contractId)
    .execute();
}

/**
 * The team's bets and what came back to it in [from, to), each while its member was under the agent. Each member
 * account's transfers are read through its own index (`OFFSET 0` keeps the planner from flattening the lateral read),
 * and the house side is checked outside that read: joined inside it, PostgreSQL may still start from the few house
 * accounts and read every bet of the merchant for each member.
 */
function teamMoves(merchantCode: string, team: TeamLinks, from: Date, to: Date, floor: bigint) {
  return sql`
    links AS MATERIALIZED (${team}),
    accounts AS MATERIALIZED (
      SELECT a.id, a.owner_id AS member_id, l.since, l.until
      FROM links l JOIN ledger_accounts a ON a.owner_id = l.member_id
      WHERE a.merchant_code = ${merchantCode} AND a.kind IN ('member_main', 'member_vendor')),
    bets AS (
      SELECT t.id, a.member_id, a.id AS account_id, t.amount, t.settled_at, t.round_id
      FROM accounts a CROSS JOIN LATERAL (
        SELECT t.id, t.amount, t.settled_at, t.memo->>'roundId' AS round_id, t.credit_account_id
        FROM ledger_transfers t
        WHERE t.debit_account_id = a.id AND t.id > ${floor} AND t.kind = 'bet' AND t.state = 'posted'
          AND t.settled_at >= ${from} AND t.settled_at < ${to} AND t.settled_at >= a.since AND t.settled_at < a.until
        OFFSET 0) t
      JOIN ledger_accounts h ON h.id = t.credit_account_id AND h.kind = 'house' AND h.ref = 'games'),
    returns AS (
      SELECT t.kind, a.member_id, a.id AS account_id, t.amount, t.settled_at, t.round_id
      FROM accounts a CROSS JOIN LATERAL (
        SELECT t.kind, t.amount, t.settled_at, t.memo->>'roundId' AS round_id, t.debit_account_id
        FROM ledger_transfers t
        WHERE t.credit_account_id = a.id AND t.id > ${floor} AND t.kind IN ('win', 'refund') AND t.state = 'posted'
          AND t.settled_at >= ${from} AND t.settled_at < ${to} AND t.settled_at >= a.since AND t.settled_at < a.until
        OFFSET 0) t
      JOIN ledger_accounts h ON h.id = t.debit_account_id AND h.kind = 'house' AND h.ref = 'games')`;
}

export interface TeamFigures {
  teamSize: number;
  activeMembers: number;
  validBet: bigint;
  payout: bigint;
}

/** The team's size over the period, its members who bet, valid bets (stakes less refunds) and payouts. */
export async function selectFigures(
  db: Kysely<Database>,
  merchantCode: string,
  team: TeamLinks,
  from: Date,
  to: Date,
  floor: bigint,
): Promise<TeamFigures> {
  const { rows } = await sql<Record<string, string>>`
    WITH ${teamMoves(merchantCode, team, from, to, floor)}
    SELECT (SELECT count(DISTINCT member_id) FROM links)::text AS team_size,
      (SELECT count(DISTINCT member_id) FROM bets)::text AS active,
      (SELECT coalesce(sum(amount), 0) FROM bets)::text AS stake,
      (SELECT coalesce(sum(amount), 0) FROM returns WHERE kind = 'refund')::text AS refunds,
      (SELECT coalesce(sum(amount), 0) FROM returns WHERE kind = 'win')::text AS payout`.execute(db);
  const row = rows[0] as Record<string, string>;
  return {
    teamSize: Number(row.team_size),
    activeMembers: Number(row.active),
    validBet: BigInt(row.stake as string) - BigInt(row.refunds as string),
    payout: BigInt(row.payout as string),
  };
}

/** The team's valid bets and members who bet per hour of the period (hours of `timeZone`), hours with bets only. */
export async function selectHours(
  db: Kysely<Database>,
  merchantCode: string,
  team: TeamLinks,
  window: { from: Date; to: Date; floor: bigint; timeZone: string },
) {
  const hour = (column: string) =>
    sql`(date_trunc('hour', ${sql.ref(column)} AT TIME ZONE ${window.timeZone}) AT TIME ZONE ${window.timeZone})`;
  const { rows } = await sql<{ hour: Date; valid_bet: string; active: string }>`
    WITH ${teamMoves(merchantCode, team, window.from, window.to, window.floor)},
    hourly AS (
      SELECT ${hour('settled_at')} AS hour, member_id, amount AS stake, 0::bigint AS refund FROM bets
      UNION ALL
      SELECT ${hour('settled_at')}, NULL, 0, amount FROM returns WHERE kind = 'refund')
    SELECT hour, (sum(stake) - sum(refund))::text AS valid_bet, count(DISTINCT member_id)::text AS active
    FROM hourly GROUP BY hour HAVING sum(stake) > 0 ORDER BY hour`.execute(db);
  return rows.map((row) => ({ from: row.hour, validBet: BigInt(row.valid_bet), active: Number(row.active) }));
}

/** Each bet of the period with what its round paid the member by the period's end: won when more than the stake. */
export async function selectBetOutcomes(
  db: Kysely<Database>,
  merchantCode: string,
  team: TeamLinks,
  from: Date,
  to: Date,
  floor: bigint,
) {
  const { rows } = await sql<{ stake: string; returned: string }>`
    WITH ${teamMoves(merchantCode, team, from, to, floor)}
    SELECT b.amount::text AS stake, coalesce((
      SELECT sum(w.amount) FROM ledger_transfers w
      JOIN ledger_accounts h ON h.id = w.debit_account_id AND h.kind = 'house' AND h.ref = 'games'
      WHERE w.credit_account_id = b.account_id AND w.id > ${floor} AND w.kind = 'win' AND w.state = 'posted'
        AND w.settled_at < ${to} AND b.round_id IS NOT NULL AND w.memo->>'roundId' = b.round_id), 0)::text AS returned
    FROM bets b ORDER BY b.id`.execute(db);
  return rows.map((row) => ({ stake: BigInt(row.stake), won: BigInt(row.returned) > BigInt(row.stake) }));
}

/** What the agent's own downline contracts of a kind earned for periods ending in (from, to] (refused ones aside). */
export async function selectDownlinePaid(db: Kysely<Database>, agentId: bigint, kind: ContractKind, from: Date, to: Date) {
  const { rows } = await sql<{ total: string }>`
    SELECT coalesce(sum(amount), 0)::text AS total FROM agent_settlements
    WHERE upline_id = ${agentId} AND kind = ${kind} AND period_end > ${from} AND period_end <= ${to}
      AND status <> 'rejected'`.execute(db);
  return BigInt(rows[0]?.total ?? 0);
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

/** Inserts a period's statement; undefined when the period already has one (it is settled once). */
export async function insertStatement(trx: Kysely<Database>, s: NewStatement) {
  const row = await trx
    .insertInto('agent_settlements')
    .values({
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
    })
    .onConflict((conflict) => conflict.columns(['contract_id', 'period_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function markPaid(trx: Kysely<Database>, id: bigint, transferId: bigint) {
  await trx
    .updateTable('agent_settlements')
    .set({ status: 'paid', transfer_id: transferId, paid_at: sql<Date>`now()` })
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

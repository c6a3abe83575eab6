import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AMOUNT_SUMS, CASH_SUMS, moves, newlyActive, RUNNING_COLUMNS, signUps } from './rollup-repo.js';

export type Grouping = 'day' | 'merchant' | 'game' | 'vendor' | 'player';

export interface ReportFilter {
  timeZone: string;
  /** The last transfer and member ids in the summary tables: everything after them is read live. */
  transfersTo: bigint;
  membersTo: bigint;
  /** The moment of the tree the summaries count teams by (`report_agent_active`); null before the first roll-up. */
  treeAt: Date | null;
  fromDay: string;
  toDay: string;
  merchant?: string;
  vendor?: string;
  gameCode?: string;
  /** A player account: the player grouping keeps that player only. */
  player?: string;
}

export interface ReportRow {
  key: string;
  label: string;
  merchant_code: string | null;
  bets: bigint;
  stake: bigint;
  payout: bigint;
  deposits: bigint | null;
  deposit_amount: bigint | null;
  withdrawals: bigint | null;
  withdrawal_amount: bigint | null;
  sign_ups: bigint | null;
  first_depositors: bigint | null;
  active_players: bigint | null;
}

export interface ReportPage {
  rows: ReportRow[];
  total: number;
  totals: Omit<ReportRow, 'key' | 'label' | 'merchant_code'>;
}

/** Sort keys → SQL expressions over a grouped row. */
export const SORT_COLUMNS = {
  key: sql`sort_key`,
  bets: sql`bets`,
  stake: sql`stake`,
  payout: sql`payout`,
  ggr: sql`stake - payout`,
  deposits: sql`deposit_amount`,
  withdrawals: sql`withdrawal_amount`,
  activePlayers: sql`active_players`,
  signUps: sql`sign_ups`,
  firstDepositors: sql`first_depositors`,
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;

const inDays = (filter: ReportFilter, column = sql`day`) =>
  sql`${column} BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date`;
const merchantIs = (filter: ReportFilter) => (filter.merchant ? sql`AND merchant_code = ${filter.merchant}` : sql``);
const gameIs = (filter: ReportFilter) =>
  sql`${filter.vendor ? sql`AND vendor = ${filter.vendor}` : sql``} ${filter.gameCode ? sql`AND game_code = ${filter.gameCode}` : sql``}`;

/** What came after the summaries: the live part, read once per statement however many sums take it. */
const withLive = (filter: ReportFilter) =>
  sql`WITH live_moves AS MATERIALIZED (${moves(filter.timeZone, { after: filter.transfersTo, upTo: null, settledHolds: 'posted-in-list' })})`;
const tail = (filter: ReportFilter) =>
  sql`SELECT * FROM live_moves WHERE state = 'posted' AND ${inDays(filter)} ${merchantIs(filter)}`;

/**
 * Per merchant and day: the summary rows plus the live part (moves, sign-ups and first deposits after the rolled-up ids).
 * A first deposit in the live part is one whose member has none in the summaries.
 */
function merchantDays(filter: ReportFilter) {
  return sql`
    SELECT merchant_code, day, bets, stake - refunds AS stake, payout, deposits, deposit_amount, withdrawals,
      withdrawal_amount, sign_ups, first_depositors, active_players
    FROM report_merchant_days WHERE ${inDays(filter)} ${merchantIs(filter)}
    UNION ALL
    SELECT merchant_code, day, bets, stake - refunds, payout, deposits, deposit_amount, withdrawals, withdrawal_amount, 0, 0, 0
    FROM (SELECT merchant_code, day, ${AMOUNT_SUMS}, ${CASH_SUMS} FROM (${tail(filter)}) t GROUP BY merchant_code, day) live
    UNION ALL
    SELECT merchant_code, day, 0, 0, 0, 0, 0, 0, 0, count(*), 0, 0
    FROM (${signUps(filter.timeZone, filter.membersTo, null)}) s WHERE ${inDays(filter)} ${merchantIs(filter)}
    GROUP BY merchant_code, day
    UNION ALL
    SELECT merchant_code, day, 0, 0, 0, 0, 0, 0, 0, 0, count(*), 0
    FROM (
      SELECT DISTINCT ON (member_id) member_id, merchant_code, day
      FROM live_moves WHERE state = 'posted' AND kind = 'deposit'
      ORDER BY member_id, settled_at) f
    WHERE ${inDays(filter)} ${merchantIs(filter)}
      AND NOT EXISTS (SELECT 1 FROM report_first_deposits r WHERE r.member_id = f.member_id)
    GROUP BY merchant_code, day
    UNION ALL
    SELECT merchant_code, day, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
    FROM (${newlyActive(sql`(${tail(filter)})`)}) a GROUP BY merchant_code, day`;
}

/**
 * Per member with moves in the range, the summaries' sums over it: the running sums of its last day in the range less
 * those of its last day before it, two primary-key reads per member however many days the range spans.
 */
function memberSpans(filter: ReportFilter) {
  const span = (column: string) => sql.raw(`hi.${column} - coalesce(lo.${column}, 0) AS ${column}`);
  return sql`
    SELECT m.merchant_code, m.id AS member_id, ${sql.join(RUNNING_COLUMNS.map(span))}
    FROM members m
    CROSS JOIN LATERAL (
      SELECT * FROM report_member_running r WHERE r.member_id = m.id AND r.day <= ${filter.toDay}::date
      ORDER BY r.day DESC LIMIT 1) hi
    LEFT JOIN LATERAL (
      SELECT * FROM report_member_running r WHERE r.member_id = m.id AND r.day < ${filter.fromDay}::date
      ORDER BY r.day DESC LIMIT 1) lo ON true
    WHERE hi.day >= ${filter.fromDay}::date ${filter.merchant ? sql`AND m.merchant_code = ${filter.merchant}` : sql``}`;
}

/** Who bet in the range, once each per merchant (grouped, not sorted). */
function players(filter: ReportFilter) {
  return sql`
    SELECT merchant_code, member_id FROM (
      SELECT merchant_code, member_id FROM (${memberSpans(filter)}) s WHERE bets > 0
      UNION ALL
      SELECT merchant_code, member_id FROM (${tail(filter)}) t WHERE kind = 'bet') p
    GROUP BY merchant_code, member_id`;
}

function gameDays(filter: ReportFilter) {
  return sql`
    SELECT merchant_code, vendor, game_code, bets, stake - refunds AS stake, payout
    FROM report_game_days WHERE ${inDays(filter)} ${merchantIs(filter)} ${gameIs(filter)}
    UNION ALL
    SELECT merchant_code, vendor, game_code, bets, stake - refunds, payout
    FROM (SELECT merchant_code, vendor, game_code, ${AMOUNT_SUMS}
      FROM (${tail(filter)}) t WHERE kind IN ('bet', 'win', 'refund') ${gameIs(filter)}
      GROUP BY merchant_code, vendor, game_code) live`;
}

function memberDays(filter: ReportFilter) {
  return sql`
    SELECT merchant_code, member_id, bets, stake - refunds AS stake, payout, deposits, deposit_amount, withdrawals,
      withdrawal_amount
    FROM (${memberSpans(filter)}) s
    UNION ALL
    SELECT merchant_code, member_id, bets, stake - refunds, payout, deposits, deposit_amount, withdrawals, withdrawal_amount
    FROM (SELECT merchant_code, member_id, ${AMOUNT_SUMS}, ${CASH_SUMS} FROM (${tail(filter)}) t
      GROUP BY merchant_code, member_id) live`;
}

const CASH_AND_PEOPLE = sql`
  sum(deposits) AS deposits, sum(deposit_amount) AS deposit_amount, sum(withdrawals) AS withdrawals,
  sum(withdrawal_amount) AS withdrawal_amount, sum(sign_ups) AS sign_ups, sum(first_depositors) AS first_depositors`;
const NO_CASH = sql`
  NULL::bigint AS deposits, NULL::bigint AS deposit_amount, NULL::bigint AS withdrawals, NULL::bigint AS withdrawal_amount,
  NULL::bigint AS sign_ups, NULL::bigint AS first_depositors`;

/** One row per group (key, label, sums), before ordering and paging. */
function grouped(grouping: Grouping, filter: ReportFilter): RawBuilder<unknown> {
  const sums = sql`sum(bets) AS bets, sum(stake) AS stake, sum(payout) AS payout`;
  switch (grouping) {
    case 'day':
      return sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS key, to_char(day, 'YYYY-MM-DD') AS label, to_char(day, 'YYYY-MM-DD') AS sort_key,
          NULL::text AS merchant_code, ${sums}, ${CASH_AND_PEOPLE}, sum(active_players) AS active_players
        FROM (${merchantDays(filter)}) d GROUP BY day`;
    case 'merchant':
      return sql`
        SELECT g.merchant_code AS key, g.merchant_code AS label, g.merchant_code AS sort_key, g.*,
          coalesce(p.active_players, 0) AS active_players
        FROM (SELECT merchant_code, ${sums}, ${CASH_AND_PEOPLE} FROM (${merchantDays(filter)}) d GROUP BY merchant_code) g
        LEFT JOIN (
          SELECT merchant_code, count(*) AS active_players FROM (${players(filter)}) p GROUP BY merchant_code
        ) p ON p.merchant_code = g.merchant_code`;
    case 'game':
      return sql`
        SELECT g.vendor || ':' || g.game_code AS key,
          coalesce(min(cg.names->>'en'), nullif(g.game_code, ''), g.vendor) AS label,
          coalesce(min(cg.names->>'en'), g.game_code) AS sort_key, NULL::text AS merchant_code,
          sum(g.bets) AS bets, sum(g.stake) AS stake, sum(g.payout) AS payout, ${NO_CASH}, NULL::bigint AS active_players
        FROM (${gameDays(filter)}) g
        LEFT JOIN catalogue_vendors cv ON cv.merchant_code = g.merchant_code AND cv.vassalage = g.vendor
        LEFT JOIN catalogue_games cg ON cg.vendor_id = cv.id AND cg.game_code = g.game_code
        GROUP BY g.vendor, g.game_code`;
    case 'vendor':
      return sql`
        SELECT vendor AS key, vendor AS label, vendor AS sort_key, NULL::text AS merchant_code, ${sums}, ${NO_CASH},
          NULL::bigint AS active_players
        FROM (${gameDays(filter)}) g GROUP BY vendor`;
    case 'player':
      return sql`
        SELECT g.member_id::text AS key, m.account AS label, lower(m.account) AS sort_key, g.merchant_code,
          sum(g.bets) AS bets, sum(g.stake) AS stake, sum(g.payout) AS payout, sum(g.deposits) AS deposits,
          sum(g.deposit_amount) AS deposit_amount, sum(g.withdrawals) AS withdrawals,
          sum(g.withdrawal_amount) AS withdrawal_amount, NULL::bigint AS sign_ups, NULL::bigint AS first_depositors,
          NULL::bigint AS active_players
        FROM (${memberDays(filter)}) g JOIN members m ON m.id = g.member_id
        ${filter.player ? sql`WHERE lower(m.account) = lower(${filter.player})` : sql``}
        GROUP BY g.member_id, g.merchant_code, m.account`;
  }
}

const NUMERIC = [
  'bets',
  'stake',
  'payout',
  'deposits',
  'deposit_amount',
  'withdrawals',
  'withdrawal_amount',
  'sign_ups',
  'first_depositors',
  'active_players',
] as const;

type Raw = Record<string, unknown>;
const big = (value: unknown) => (value === null || value === undefined ? null : BigInt(value as string | number | bigint));

/**
 * One page of a report, sorted on the server, with the number of groups and the totals over all of them (active
 * players: distinct over the whole range, not the sum of the groups').
 */
export async function selectReport(
  db: Kysely<Database>,
  grouping: Grouping,
  filter: ReportFilter,
  order: { column: SortColumn; descending: boolean },
  page: { offset: number; limit: number },
): Promise<ReportPage> {
  const direction = order.descending ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<Raw>`
    ${withLive(filter)}, g AS (${grouped(grouping, filter)})
    SELECT *, count(*) OVER () AS total_groups,
      ${sql.join(NUMERIC.map((column) => sql`sum(${sql.ref(column)}) OVER () AS ${sql.ref(`all_${column}`)}`))}
    FROM g
    ORDER BY ${SORT_COLUMNS[order.column]} ${direction} NULLS LAST, sort_key ${direction}, key
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const first = rows[0];
  const whole = first
    ? {
        total: Number(first.total_groups),
        totals: Object.fromEntries(NUMERIC.map((column) => [column, big(first[`all_${column}`])])),
      }
    : await emptyPage(db, grouping, filter);
  const totals = whole.totals;
  if (grouping === 'day' || grouping === 'merchant') totals.active_players = await activePlayers(db, filter);
  return {
    rows: rows.map((row) => ({
      key: String(row.key),
      label: String(row.label ?? row.key),
      merchant_code: (row.merchant_code as string | null) ?? null,
      ...(Object.fromEntries(NUMERIC.map((column) => [column, big(row[column])])) as Record<(typeof NUMERIC)[number], bigint>),
    })),
    total: whole.total,
    totals: totals as ReportPage['totals'],
  };
}

/** A page past the last group still tells how many groups there are and the report's totals. */
async function emptyPage(db: Kysely<Database>, grouping: Grouping, filter: ReportFilter) {
  const { rows } = await sql<Raw>`
    ${withLive(filter)} SELECT count(*) AS total_groups, ${sql.join(NUMERIC.map((column) => sql`sum(${sql.ref(column)}) AS ${sql.ref(column)}`))}
    FROM (${grouped(grouping, filter)}) g`.execute(db);
  return {
    total: Number(rows[0]?.total_groups ?? 0),
    totals: Object.fromEntries(NUMERIC.map((column) => [column, big(rows[0]?.[column] ?? null)])),
  };
}

export async function activePlayers(db: Kysely<Database>, filter: ReportFilter): Promise<bigint> {
  const { rows } = await sql<{ n: bigint }>`
    ${withLive(filter)} SELECT count(*) AS n FROM (SELECT member_id FROM (${players(filter)}) p GROUP BY member_id) m`.execute(
    db,
  );
  return BigInt(rows[0]?.n ?? 0);
}

/** The report zone's today. */
export async function today(db: Kysely<Database>, timeZone: string): Promise<string> {
  const { rows } = await sql<{
    day: string;
  }>`SELECT to_char((now() AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day`.execute(db);
  return rows[0]!.day;
}

/** Requests waiting for an operator: pending deposit orders and withdrawals (read-only, from their modules' tables). */
export async function openRequests(db: Kysely<Database>, merchant: string | undefined) {
  const { rows } = await sql<{ deposits: number; withdrawals: number }>`
    SELECT
      (SELECT count(*) FROM deposit_orders WHERE status = 'pending' ${merchant ? sql`AND merchant_code = ${merchant}` : sql``})::int
        AS deposits,
      (SELECT count(*) FROM withdrawals WHERE status = 'pending' ${merchant ? sql`AND merchant_code = ${merchant}` : sql``})::int
        AS withdrawals`.execute(db);
  return rows[0] ?? { deposits: 0, withdrawals: 0 };
}

export async function merchantCodes(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`SELECT code FROM merchants ORDER BY code`.execute(db);
  return rows.map((row) => row.code);
}

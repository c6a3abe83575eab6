import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReportFilter } from './report-repo.js';
import {
  ACTIVE_SPAN_DAYS,
  AGENT_DAY_COLUMNS,
  AMOUNT_SUMS,
  agentDayParts,
  BONUS_SUMS,
  CASH_SUMS,
  CLOSE_DAYS_KEPT,
  firstDeposits,
  moves,
  RUNNING_COLUMNS,
  treeLinks,
} from './rollup-repo.js';

/** One day of an agent's team: its members' summed moves, accounts created and first deposits. */
export interface TeamDay {
  day: string;
  bets: bigint;
  stake: bigint;
  payout: bigint;
  deposits: bigint;
  deposit_amount: bigint;
  withdrawals: bigint;
  withdrawal_amount: bigint;
  new_members: bigint;
  first_deposits: bigint;
}

/** The moves after the rolled ids, read once per statement however many parts take them. */
const liveMoves = (filter: ReportFilter) =>
  sql`live_moves AS MATERIALIZED (${moves(filter.timeZone, { after: filter.transfersTo, upTo: null, settledHolds: 'posted-in-list' })})`;

/**
 * The agent's rows of the summaries in the range plus the live part after them (moves, sign-ups and first deposits
 * after the rolled ids), each counted for the agents above its member when it happened, per day, vendor and game.
 */
function agentParts(filter: ReportFilter, agentId: bigint, linked = false) {
  const columns = sql.raw(AGENT_DAY_COLUMNS.join(', '));
  const live = sql`SELECT * FROM live_moves WHERE merchant_code = ${filter.merchant}`;
  const moves = linked ? sql`SELECT * FROM live_links` : live;
  return sql`
    parts AS (
      SELECT day, vendor, game_code, ${columns} FROM report_agent_days
      WHERE agent_id = ${agentId} AND day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date
      UNION ALL
      SELECT day, vendor, game_code, ${columns}
      FROM (${agentDayParts(
        filter.timeZone,
        { moves, linked, firsts: firstDeposits(live), members: { after: filter.membersTo, upTo: null } },
        agentId,
      )}) p
      WHERE day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date)`;
}

const agentDays = (filter: ReportFilter, agentId: bigint) => sql`WITH ${liveMoves(filter)}, ${agentParts(filter, agentId)}`;

/**
 * As `active` (one row `n`), the members of the agent's team during the range (`teamDuringDays` of the agents module:
 * under the agent at some moment of it) with a real-money bet in it, each once, reading the statement's live moves. The summaries count, per agent and day, the members
 * under it in the tree at `treeAt` whose bets that day were their first since a given day (`report_agent_active`):
 * those of the range whose previous day lies before it are the team's distinct members with bets in the summaries.
 * What differs is few: the members whose link to the agent began after the earlier of `treeAt` and the range's start
 * or ended after it (taken out as the tree at `treeAt` counted them, counted again as the range's team does), read
 * member by member, and the live part's bettors among the rest with no bets in the summaries' days of the range, read
 * as one set from the live moves already joined to the agent's links (`live_links`).
 */
function activeCount(filter: ReportFilter, agentId: bigint) {
  const { fromDay, toDay } = filter;
  if (shiftDay(fromDay, ACTIVE_SPAN_DAYS) <= toDay) throw new Error(`a range of more than ${ACTIVE_SPAN_DAYS} days`);
  const start = sql`(${fromDay}::date::timestamp AT TIME ZONE ${filter.timeZone})`;
  const end = sql`((${toDay}::date + 1)::timestamp AT TIME ZONE ${filter.timeZone})`;
  const treeAt = filter.treeAt === null ? sql`'-infinity'::timestamptz` : sql`${filter.treeAt}::timestamptz`;
  const cut = sql`least(${treeAt}, ${start})`;
  const link = (member: RawBuilder<unknown>, when: RawBuilder<unknown>) => sql`EXISTS (
    SELECT 1 FROM agent_tree WHERE ancestor_id = ${agentId} AND descendant_id = ${member} AND depth > 0 AND ${when} OFFSET 0)`;
  const ended = (member: RawBuilder<unknown>, when: RawBuilder<unknown>) => sql`EXISTS (
    SELECT 1 FROM agent_tree_history WHERE ancestor_id = ${agentId} AND descendant_id = ${member} AND depth > 0 AND ${when}
    OFFSET 0)`;
  const m = sql`i.member_id`;
  const rolled = (member: RawBuilder<unknown>) => sql`EXISTS (
    SELECT 1 FROM report_member_days r
    WHERE r.member_id = ${member} AND r.bets > 0 AND r.day BETWEEN ${fromDay}::date AND ${toDay}::date OFFSET 0)`;
  return sql`
    live_bettors AS MATERIALIZED (
      SELECT member_id, bool_or(until = 'infinity' AND since <= ${cut}) AS linked_before FROM live_links
      WHERE state = 'posted' AND kind = 'bet' AND day BETWEEN ${fromDay}::date AND ${toDay}::date
      GROUP BY member_id),
    irregular AS MATERIALIZED (
      SELECT descendant_id AS member_id FROM agent_tree WHERE ancestor_id = ${agentId} AND depth > 0 AND since > ${cut}
      UNION
      SELECT descendant_id FROM agent_tree_history WHERE ancestor_id = ${agentId} AND depth > 0 AND until > ${cut}),
    active AS (
      SELECT
        (SELECT coalesce(sum(members), 0) FROM report_agent_active
         WHERE agent_id = ${agentId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date AND prev_day < ${fromDay}::date)
        - (SELECT count(*) FROM irregular i
           WHERE (${link(m, sql`since <= ${treeAt}`)} OR ${ended(m, sql`since <= ${treeAt} AND until > ${treeAt}`)})
             AND ${rolled(m)})
        + (SELECT count(*) FROM irregular i
           WHERE (${link(m, sql`since < ${end}`)} OR ${ended(m, sql`until > ${start} AND since < ${end}`)})
             AND (${rolled(m)} OR i.member_id IN (SELECT member_id FROM live_bettors)))
        + (SELECT count(*) FROM live_bettors l
           WHERE l.linked_before AND NOT EXISTS (
             SELECT 1 FROM report_member_days r
             WHERE r.member_id = l.member_id AND r.bets > 0 AND r.day BETWEEN ${fromDay}::date AND ${toDay}::date)) AS n)`;
}

/**
 * The team overview's figures in one statement, so the live part is read once and joined to the agent's links once
 * (`live_links`: each live move of a member under the agent with each link, in force or ended): per day the agent's
 * summed moves, accounts created and first deposits, and the team's distinct members with bets over the range.
 */
export async function selectTeamOverview(
  db: Kysely<Database>,
  filter: ReportFilter,
  agentId: bigint,
): Promise<{ days: TeamDay[]; activeMembers: number }> {
  const { rows } = await sql<Record<string, unknown>>`
    WITH ${liveMoves(filter)},
    live_links AS MATERIALIZED (
      SELECT s.*, l.ancestor_id, l.since, l.until FROM live_moves s
      JOIN (${treeLinks(agentId)}) l ON l.descendant_id = s.member_id
      WHERE s.merchant_code = ${filter.merchant}),
    ${agentParts(filter, agentId, true)}, ${activeCount(filter, agentId)}
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(bets) AS bets, sum(stake) - sum(refunds) AS stake, sum(payout) AS payout,
      sum(deposits) AS deposits, sum(deposit_amount) AS deposit_amount, sum(withdrawals) AS withdrawals,
      sum(withdrawal_amount) AS withdrawal_amount, sum(new_members) AS new_members, sum(first_deposits) AS first_deposits,
      NULL::bigint AS active_members
    FROM parts GROUP BY day
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, n FROM active
    ORDER BY day NULLS FIRST`.execute(db);
  const [whole, ...days] = rows;
  return {
    activeMembers: Number(whole?.active_members ?? 0),
    days: days.map((row) => ({
      day: String(row.day),
      bets: BigInt(row.bets as string),
      stake: BigInt(row.stake as string),
      payout: BigInt(row.payout as string),
      deposits: BigInt(row.deposits as string),
      deposit_amount: BigInt(row.deposit_amount as string),
      withdrawals: BigInt(row.withdrawals as string),
      withdrawal_amount: BigInt(row.withdrawal_amount as string),
      new_members: BigInt(row.new_members as string),
      first_deposits: BigInt(row.first_deposits as string),
    })),
  };
}

/** A team for a read: a query answering one `member_id` row per member (the agents module builds it). */
export type TeamMembers = RawBuilder<{ member_id: bigint }>;

export interface MemberSums {
  member_id: bigint;
  account: string;
  bets: bigint;
  stake: bigint;
  payout: bigint;
  deposit_amount: bigint;
  withdrawal_amount: bigint;
  bonus_amount: bigint;
}

export const MEMBER_SORTS = {
  account: sql`lower(account)`,
  validBets: sql`stake`,
  profit: sql`payout - stake`,
  deposits: sql`deposit_amount`,
  withdrawals: sql`withdrawal_amount`,
  bonuses: sql`bonus_amount`,
} as const;

const SUMMED = ['bets', 'stake', 'payout', 'deposit_amount', 'withdrawal_amount', 'bonus_amount'] as const;

const DAY_MS = 24 * 3600_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Per team member with money moves in the range, from the summaries: their sums at the close of the range's last day
 * less those at the close of the day before it (`report_member_close`: one index range of a day for the whole team),
 * or, for a range older than the days it keeps, their running sums' last row in the range less their last before it
 * (two primary-key reads per member).
 */
async function summarisedSpans(db: Kysely<Database>, filter: ReportFilter) {
  const { rows } = await sql<{ closed: string | null }>`
    SELECT to_char(max(day), 'YYYY-MM-DD') AS closed FROM report_member_close`.execute(db);
  const closed = rows[0]?.closed ?? null;
  const span = (column: string) => sql.raw(`hi.${column} - coalesce(lo.${column}, 0) AS ${column}`);
  const spans = sql.join(RUNNING_COLUMNS.map(span));
  if (closed === null)
    return sql`SELECT team.member_id, ${spans} FROM team, report_member_close hi, report_member_close lo WHERE false`;
  const hiDay = earlier(filter.toDay, closed);
  const loDay = earlier(shiftDay(filter.fromDay, -1), closed);
  if (loDay >= shiftDay(closed, -CLOSE_DAYS_KEPT)) {
    const moved = sql.join(
      ['bets', 'refunds', 'payout', 'deposits', 'withdrawals', 'bonuses'].map((column) =>
        sql.raw(`hi.${column} <> lo.${column}`),
      ),
      sql` OR `,
    );
    return sql`
      SELECT hi.member_id, ${spans}
      FROM report_member_close hi JOIN team ON team.member_id = hi.member_id
      LEFT JOIN report_member_close lo ON lo.day = ${loDay}::date AND lo.member_id = hi.member_id
      WHERE hi.day = ${hiDay}::date AND (lo.member_id IS NULL OR ${moved})`;
  }
  return sql`
    SELECT team.member_id, ${spans}
    FROM team
    CROSS JOIN LATERAL (
      SELECT * FROM report_member_running r WHERE r.member_id = team.member_id AND r.day <= ${filter.toDay}::date
      ORDER BY r.day DESC LIMIT 1) hi
    LEFT JOIN LATERAL (
      SELECT * FROM report_member_running r WHERE r.member_id = team.member_id AND r.day < ${filter.fromDay}::date
      ORDER BY r.day DESC LIMIT 1) lo ON true
    WHERE hi.day >= ${filter.fromDay}::date`;
}

/**
 * `sums`: per team member with money moves in the range, the summaries' part (one row each) joined to the live part
 * after them (one row per member with live moves), in bigint. Valid stake is stake less refunds.
 */
async function teamMemberSums(db: Kysely<Database>, filter: ReportFilter, team: TeamMembers) {
  const both = (column: string) => `coalesce(s.${column}, 0) + coalesce(l.${column}, 0)`;
  return sql`
    WITH live_moves AS MATERIALIZED (${moves(filter.timeZone, { after: filter.transfersTo, upTo: null, settledHolds: 'posted-in-list' })}),
    team AS MATERIALIZED (${team}),
    summarised AS (${await summarisedSpans(db, filter)}),
    live AS (
      SELECT member_id, ${sql.raw(RUNNING_COLUMNS.map((column) => `${column}::bigint AS ${column}`).join(', '))}
      FROM (
        SELECT l.member_id, ${AMOUNT_SUMS}, ${CASH_SUMS}, ${BONUS_SUMS}
        FROM live_moves l JOIN team ON team.member_id = l.member_id
        WHERE l.state = 'posted' AND l.merchant_code = ${filter.merchant}
          AND l.day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date
        GROUP BY l.member_id) grouped),
    sums AS (
      SELECT coalesce(s.member_id, l.member_id) AS member_id, ${sql.raw(`${both('bets')} AS bets`)},
        ${sql.raw(`${both('stake')} - (${both('refunds')}) AS stake`)}, ${sql.raw(`${both('payout')} AS payout`)},
        ${sql.raw(`${both('deposit_amount')} AS deposit_amount`)}, ${sql.raw(`${both('withdrawal_amount')} AS withdrawal_amount`)},
        ${sql.raw(`${both('bonus_amount')} AS bonus_amount`)}
      FROM summarised s FULL JOIN live l ON l.member_id = s.member_id)`;
}

type Raw = Record<string, unknown>;
const big = (value: unknown) => BigInt((value ?? 0) as string | number | bigint);

const toSums = (row: Raw): MemberSums => ({
  member_id: big(row.member_id),
  account: String(row.account),
  bets: big(row.bets),
  stake: big(row.stake),
  payout: big(row.payout),
  deposit_amount: big(row.deposit_amount),
  withdrawal_amount: big(row.withdrawal_amount),
  bonus_amount: big(row.bonus_amount),
});

/**
 * One page of the team's members with money moves in the range (or, with `betsOnly`, with bets), sorted, with how
 * many there are and the sums over all of them. Accounts are read for the page only, unless the sort or the search
 * needs them all.
 */
export async function selectTeamMemberSums(
  db: Kysely<Database>,
  filter: ReportFilter,
  team: TeamMembers,
  options: {
    prefix: RawBuilder<unknown> | null;
    betsOnly: boolean;
    sort: keyof typeof MEMBER_SORTS;
    descending: boolean;
    offset: number;
    limit: number;
  },
): Promise<{ rows: MemberSums[]; total: number; totals: Record<(typeof SUMMED)[number], bigint> }> {
  const direction = options.descending ? sql`DESC` : sql`ASC`;
  const byAccount = options.sort === 'account' || options.prefix !== null;
  const wanted = sql`${options.betsOnly ? sql`AND bets > 0` : sql``} ${
    options.prefix ? sql`AND lower(account) LIKE ${options.prefix}` : sql``
  }`;
  const windowed = sql`count(*) OVER () AS total_rows,
    ${sql.join(SUMMED.map((column) => sql`sum(${sql.ref(column)}) OVER () AS ${sql.ref(`all_${column}`)}`))}`;
  const { rows } = byAccount
    ? await sql<Raw>`
        ${await teamMemberSums(db, filter, team)},
        named AS (SELECT s.*, m.account FROM sums s JOIN members m ON m.id = s.member_id)
        SELECT *, ${windowed} FROM named WHERE true ${wanted}
        ORDER BY ${MEMBER_SORTS[options.sort]} ${direction}, lower(account), member_id
        LIMIT ${options.limit} OFFSET ${options.offset}`.execute(db)
    : await sql<Raw>`
        ${await teamMemberSums(db, filter, team)},
        page AS (
          SELECT *, ${windowed} FROM sums WHERE true ${wanted}
          ORDER BY ${MEMBER_SORTS[options.sort]} ${direction}, member_id
          LIMIT ${options.limit} OFFSET ${options.offset})
        SELECT page.*, m.account FROM page JOIN members m ON m.id = page.member_id
        ORDER BY ${MEMBER_SORTS[options.sort]} ${direction}, member_id`.execute(db);
  const whole = rows[0];
  if (!whole && options.offset > 0) {
    const { total, totals } = await selectTeamMemberSums(db, filter, team, { ...options, offset: 0, limit: 1 });
    return { rows: [], total, totals };
  }
  return {
    rows: rows.map(toSums),
    total: Number(whole?.total_rows ?? 0),
    totals: Object.fromEntries(SUMMED.map((column) => [column, big(whole?.[`all_${column}`])])) as Record<
      (typeof SUMMED)[number],
      bigint
    >,
  };
}

export interface GameSums {
  key: string;
  label: string;
  vendor: string;
  bets: bigint;
  stake: bigint;
  payout: bigint;
}

/** The agent's real-money bets in the range by vendor or game (summaries and live part), largest valid bets first. */
export async function selectTeamGames(
  db: Kysely<Database>,
  filter: ReportFilter,
  agentId: bigint,
  groupBy: 'game' | 'vendor',
  language: string,
  page: { offset: number; limit: number },
): Promise<{ rows: GameSums[]; total: number; totals: { bets: bigint; stake: bigint; payout: bigint } }> {
  const key = groupBy === 'game' ? sql`vendor || ':' || game_code` : sql`vendor`;
  const { rows } = await sql<Raw>`
    ${agentDays(filter, agentId)},
    grouped AS (
      SELECT ${key} AS key, min(vendor) AS vendor, min(game_code) AS game_code, sum(bets) AS bets,
        sum(stake) - sum(refunds) AS valid, sum(payout) AS payout
      FROM parts WHERE bets > 0 OR payout > 0 OR refunds > 0 GROUP BY ${key}),
    named AS (
      SELECT g.*, ${
        groupBy === 'game'
          ? sql`coalesce(cg.names->>${language}, cg.names->>'en', nullif(g.game_code, ''), g.vendor)`
          : sql`g.vendor`
      } AS label
      FROM grouped g
      LEFT JOIN catalogue_vendors cv ON cv.merchant_code = ${filter.merchant} AND cv.vassalage = g.vendor
      LEFT JOIN catalogue_games cg ON ${groupBy === 'game' ? sql`cg.vendor_id = cv.id AND cg.game_code = g.game_code` : sql`false`})
    SELECT *, count(*) OVER () AS total_rows, sum(bets) OVER () AS all_bets, sum(valid) OVER () AS all_stake,
      sum(payout) OVER () AS all_payout
    FROM named ORDER BY valid DESC, label, key
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const whole = rows[0];
  if (!whole && page.offset > 0) {
    const { total, totals } = await selectTeamGames(db, filter, agentId, groupBy, language, { offset: 0, limit: 1 });
    return { rows: [], total, totals };
  }
  return {
    rows: rows.map(
      (row): GameSums => ({
        key: String(row.key),
        label: String(row.label ?? row.key),
        vendor: String(row.vendor),
        bets: big(row.bets),
        stake: big(row.valid),
        payout: big(row.payout),
      }),
    ),
    total: Number(whole?.total_rows ?? 0),
    totals: { bets: big(whole?.all_bets), stake: big(whole?.all_stake), payout: big(whole?.all_payout) },
  };
}

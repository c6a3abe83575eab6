import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import { TEAM_OVERVIEW_MAX_DAYS } from '@tessera/contract/routes/agents';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Which ledger transfers a read takes: ids after `after` (up to `upTo`), and, when listed, held ones settled since. */
export interface TransferRange {
  after: bigint;
  upTo: bigint | null;
  /** Pending withdrawal holds the summaries passed: the given ids, or (live reads) those of the list now posted. */
  settledHolds: readonly bigint[] | 'posted-in-list';
}

/**
 * The money moves reports count, read-only from the ledger: real-money bets, wins and refunds (one side is the house
 * 'games' account, so play money never counts), deposits into and withdrawals out of a member's main account, bonuses
 * and rebates the house pays a member (play money aside). Each
 * counts on the day (in `timeZone`) it was posted and belongs to the member on its member side. Pending withdrawal
 * holds come too (state 'pending', no day): the roll-up remembers them. Ranges of ids read through the primary key,
 * so the money paths keep no index for reports.
 */
export function moves(timeZone: string, range: TransferRange) {
  const holds =
    range.settledHolds === 'posted-in-list'
      ? sql`SELECT t.* FROM report_pending_holds h JOIN ledger_transfers t ON t.id = h.transfer_id WHERE t.state = 'posted'`
      : range.settledHolds.length > 0
        ? sql`SELECT * FROM ledger_transfers WHERE id IN (${sql.join(range.settledHolds)})`
        : sql`SELECT * FROM ledger_transfers WHERE false`;
  // A live read (the few moves after the rolled ids) reads each move's two accounts by primary key; a roll-up's batch
  // of up to 200,000 ids is better served by hashing the accounts once.
  const accounts =
    range.upTo === null
      ? sql`
    CROSS JOIN LATERAL (SELECT a.owner_id, a.kind, a.ref FROM ledger_accounts a WHERE a.id = t.debit_account_id OFFSET 0) d
    CROSS JOIN LATERAL (SELECT a.owner_id, a.kind, a.ref FROM ledger_accounts a WHERE a.id = t.credit_account_id OFFSET 0) c`
      : sql`
    JOIN ledger_accounts d ON d.id = t.debit_account_id
    JOIN ledger_accounts c ON c.id = t.credit_account_id`;
  return sql<Move>`
    SELECT t.id, t.state, t.merchant_code, t.kind, t.amount, t.settled_at,
      (t.settled_at AT TIME ZONE ${timeZone})::date AS day,
      coalesce(t.memo->>'vendor', '') AS vendor, coalesce(t.memo->>'gameCode', '') AS game_code,
      coalesce(d.owner_id, c.owner_id) AS member_id
    FROM (
      SELECT * FROM ledger_transfers WHERE id > ${range.after} ${range.upTo === null ? sql`` : sql`AND id <= ${range.upTo}`}
      UNION ALL ${holds}) t
    ${accounts}
    WHERE ((t.state = 'posted'
        AND ((t.kind = 'bet' AND c.kind = 'house' AND c.ref = 'games' AND d.owner_id IS NOT NULL)
          OR (t.kind IN ('win', 'refund') AND d.kind = 'house' AND d.ref = 'games' AND c.owner_id IS NOT NULL)
          OR (t.kind = 'deposit' AND c.kind = 'member_main')
          OR (t.kind IN ('bonus', 'rebate') AND d.kind = 'house' AND d.ref <> 'playmoney' AND c.owner_id IS NOT NULL)))
      OR (t.kind = 'withdrawal' AND d.kind = 'member_main' AND t.state <> 'voided'))`;
}

export interface Move {
  id: bigint;
  state: 'posted' | 'pending';
  merchant_code: string;
  kind: 'bet' | 'win' | 'refund' | 'deposit' | 'withdrawal' | 'bonus' | 'rebate';
  amount: bigint;
  settled_at: Date | null;
  day: string | null;
  vendor: string;
  game_code: string;
  member_id: bigint;
}

/** Real sign-ups (trial accounts left out) with member ids in (after, upTo], with their day. */
export function signUps(timeZone: string, after: bigint, upTo: bigint | null) {
  return sql<{ merchant_code: string; day: string; id: bigint }>`
    SELECT m.merchant_code, (m.created_at AT TIME ZONE ${timeZone})::date AS day, m.id
    FROM members m
    WHERE m.agent_type <> ${TRIAL_TYPE} AND m.id > ${after} ${upTo === null ? sql`` : sql`AND m.id <= ${upTo}`}`;
}

/**
 * Members betting on a day for the first time in `from` (posted moves), that is with no member-day row of bets yet:
 * what the merchant day's count of active players grows by.
 */
export function newlyActive(from: RawBuilder<unknown>) {
  return sql<{ merchant_code: string; day: string; member_id: bigint }>`
    SELECT DISTINCT b.merchant_code, b.day, b.member_id FROM ${from} b
    WHERE b.state = 'posted' AND b.kind = 'bet' AND NOT EXISTS (
      SELECT 1 FROM report_member_days r
      WHERE r.merchant_code = b.merchant_code AND r.day = b.day AND r.member_id = b.member_id AND r.bets > 0)`;
}

/** The tree's links at any time: those in force (until infinity) and those a move ended, of one agent or all. */
export function treeLinks(agentId: bigint | null) {
  const agent = agentId === null ? sql`` : sql`AND ancestor_id = ${agentId}`;
  return sql`
    SELECT ancestor_id, descendant_id, since, 'infinity'::timestamptz AS until FROM agent_tree WHERE depth > 0 ${agent}
    UNION ALL
    SELECT ancestor_id, descendant_id, since, until FROM agent_tree_history WHERE depth > 0 ${agent}`;
}

export const AGENT_DAY_COLUMNS = [
  'bets',
  'stake',
  'refunds',
  'payout',
  'deposits',
  'deposit_amount',
  'withdrawals',
  'withdrawal_amount',
  'new_members',
  'first_deposits',
];

/**
 * Each agent's share of some moves, sign-ups and first deposits, per day and (for bets, wins and refunds) vendor and
 * game: every one counts for the agents above its member at the moment it happened (the tree's links, in force or
 * ended by a move), a sign-up for the agents above the new member now. `moves` are posted moves (`Move` rows),
 * `firsts` first deposits (member_id, day, settled_at); read-only from the agents module's tree.
 */
export function agentDayParts(
  timeZone: string,
  sources: {
    moves: RawBuilder<unknown>;
    /** Whether each move comes already joined to one of the agent's links (`ancestor_id`, `since`, `until` of `treeLinks`). */
    linked?: boolean;
    firsts: RawBuilder<unknown>;
    members: { after: bigint; upTo: bigint | null };
  },
  agentId: bigint | null,
) {
  const links = sources.linked
    ? sql`CROSS JOIN LATERAL (SELECT s.ancestor_id, s.since, s.until) l`
    : sql`JOIN (${treeLinks(agentId)}) l ON l.descendant_id = s.member_id`;
  const gameOnly = (column: string) => sql.raw(`CASE WHEN s.kind IN ('bet', 'win', 'refund') THEN s.${column} ELSE '' END`);
  const { after, upTo } = sources.members;
  return sql`
    SELECT l.ancestor_id AS agent_id, s.day, ${gameOnly('vendor')} AS vendor, ${gameOnly('game_code')} AS game_code,
      ${AMOUNT_SUMS}, ${CASH_SUMS}, 0::bigint AS new_members, 0::bigint AS first_deposits
    FROM (${sources.moves}) s ${links}
    WHERE l.since <= s.settled_at AND s.settled_at < l.until AND s.state = 'posted' AND s.kind IN ('bet', 'win', 'refund', 'deposit', 'withdrawal')
    GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT l.ancestor_id, (m.created_at AT TIME ZONE ${timeZone})::date, '', '', 0, 0, 0, 0, 0, 0, 0, 0, count(*), 0
    FROM members m JOIN agent_tree l ON l.descendant_id = m.id AND l.depth > 0 ${agentId === null ? sql`` : sql`AND l.ancestor_id = ${agentId}`}
    WHERE m.agent_type <> ${TRIAL_TYPE} AND m.id > ${after} ${upTo === null ? sql`` : sql`AND m.id <= ${upTo}`}
    GROUP BY 1, 2
    UNION ALL
    SELECT l.ancestor_id, f.day, '', '', 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
    FROM (${sources.firsts}) f
    JOIN (${treeLinks(agentId)}) l ON l.descendant_id = f.member_id AND l.since <= f.settled_at AND f.settled_at < l.until
    GROUP BY 1, 2`;
}

/** First deposits among some posted moves of members with none counted yet. */
export const firstDeposits = (from: RawBuilder<unknown>) => sql`
  SELECT DISTINCT ON (f.member_id) f.member_id, f.day, f.settled_at FROM (${from}) f
  WHERE f.state = 'posted' AND f.kind = 'deposit'
    AND NOT EXISTS (SELECT 1 FROM report_first_deposits r WHERE r.member_id = f.member_id)
  ORDER BY f.member_id, f.settled_at`;

/** Sums of a set of posted moves, as the summary tables hold them. */
export const AMOUNT_SUMS = sql`
  count(*) FILTER (WHERE kind = 'bet') AS bets,
  coalesce(sum(amount) FILTER (WHERE kind = 'bet'), 0) AS stake,
  coalesce(sum(amount) FILTER (WHERE kind = 'refund'), 0) AS refunds,
  coalesce(sum(amount) FILTER (WHERE kind = 'win'), 0) AS payout`;
export const CASH_SUMS = sql`
  count(*) FILTER (WHERE kind = 'deposit') AS deposits,
  coalesce(sum(amount) FILTER (WHERE kind = 'deposit'), 0) AS deposit_amount,
  count(*) FILTER (WHERE kind = 'withdrawal') AS withdrawals,
  coalesce(sum(amount) FILTER (WHERE kind = 'withdrawal'), 0) AS withdrawal_amount`;

/** Bonuses and rebates paid to members: kept per member (the agent centre's user P&L), not per merchant or game. */
export const BONUS_SUMS = sql`
  count(*) FILTER (WHERE kind IN ('bonus', 'rebate')) AS bonuses,
  coalesce(sum(amount) FILTER (WHERE kind IN ('bonus', 'rebate')), 0) AS bonus_amount`;

const AMOUNT_COLUMNS = ['bets', 'stake', 'refunds', 'payout'];
const CASH_COLUMNS = ['deposits', 'deposit_amount', 'withdrawals', 'withdrawal_amount'];
const BONUS_COLUMNS = ['bonuses', 'bonus_amount'];

/** `ON CONFLICT … DO UPDATE` that adds the new sums to the stored ones. */
function addUp(table: string, columns: string[]) {
  return sql.raw(columns.map((column) => `${column} = ${table}.${column} + EXCLUDED.${column}`).join(', '));
}

export interface RollupState {
  transfers_to: bigint;
  members_to: bigint;
  candidate_transfers: bigint | null;
  candidate_members: bigint | null;
  candidate_at: Date | null;
  time_zone: string;
  /** The moment of the tree `report_agent_active` counts teams by; null before its first roll-up. */
  tree_at: Date | null;
}

const STATE = sql`transfers_to, members_to, candidate_transfers, candidate_members, candidate_at, time_zone, tree_at`;

/** The roll-up's one row, locked: two roll-ups (two instances) run one after the other and the second sees the first's end. */
export async function lockRollup(db: Kysely<Database>): Promise<RollupState> {
  const { rows } = await sql<RollupState>`SELECT ${STATE} FROM report_rollup FOR UPDATE`.execute(db);
  if (!rows[0]) throw new Error('report_rollup has no row');
  return rows[0];
}

export async function readRollup(db: Kysely<Database>): Promise<RollupState> {
  const { rows } = await sql<RollupState>`SELECT ${STATE} FROM report_rollup`.execute(db);
  if (!rows[0]) throw new Error('report_rollup has no row');
  return rows[0];
}

/** Starts the summaries over in another time zone: their days would not mean the same. */
export async function resetRollup(db: Kysely<Database>, timeZone: string): Promise<void> {
  for (const table of [
    'report_game_days',
    'report_member_days',
    'report_member_running',
    'report_merchant_days',
    'report_first_deposits',
    'report_pending_holds',
    'report_agent_days',
    'report_member_close',
    'report_agent_active',
  ])
    await sql`DELETE FROM ${sql.table(table)}`.execute(db);
  await sql`
    UPDATE report_rollup SET transfers_to = 0, members_to = 0, candidate_transfers = NULL, candidate_members = NULL,
      candidate_at = NULL, time_zone = ${timeZone}, tree_at = NULL`.execute(db);
}

/**
 * Whether every row with an id up to the candidate's is final: an id is drawn inside the transaction inserting it,
 * so a row at or below the newest id seen at `candidate_at` that was not visible then belongs to a transaction
 * that began before it. Once none of those is running, none can appear any more.
 */
export async function candidateIsFinal(db: Kysely<Database>, candidateAt: Date): Promise<boolean> {
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const { rows } = await sql<{ older: number }>`
    SELECT count(*)::int AS older FROM pg_stat_activity
    WHERE pid <> pg_backend_pid() AND datname = current_database() AND xact_start <= ${candidateAt}`.execute(db);
  return rows[0]?.older === 0;
}

/** The newest ids now (through the primary keys) and the time: the next candidate. */
export async function markCandidate(db: Kysely<Database>): Promise<void> {
  await sql`
    UPDATE report_rollup SET
      candidate_transfers = coalesce((SELECT max(id) FROM ledger_transfers), 0),
      candidate_members = coalesce((SELECT max(id) FROM members), 0),
      candidate_at = clock_timestamp()`.execute(db);
}

/** Takes the listed holds that have settled off the list: posted ones are to be counted now, voided ones never. */
async function settledHolds(db: Kysely<Database>): Promise<bigint[]> {
  const { rows } = await sql<{ transfer_id: bigint; state: string }>`
    DELETE FROM report_pending_holds h USING ledger_transfers t
    WHERE t.id = h.transfer_id AND t.state <> 'pending'
    RETURNING h.transfer_id, t.state`.execute(db);
  return rows.filter((row) => row.state === 'posted').map((row) => row.transfer_id);
}

export const RUNNING_COLUMNS = [...AMOUNT_COLUMNS, ...CASH_COLUMNS, ...BONUS_COLUMNS];

/**
 * Adds the batch to the members' running sums: a day new to a member starts from its last earlier day's sums, then
 * every day of the member from a batch day on gains that day's moves. Batches come in id order, so that is mostly
 * today's row alone; a hold posted late reaches back to its day.
 */
async function addToRunning(db: Kysely<Database>): Promise<void> {
  const columns = sql.raw(RUNNING_COLUMNS.join(', '));
  await sql`
    INSERT INTO report_member_running (member_id, day, ${columns})
    SELECT d.member_id, d.day, ${sql.raw(RUNNING_COLUMNS.map((column) => `coalesce(p.${column}, 0)`).join(', '))}
    FROM (SELECT DISTINCT member_id, day FROM report_batch WHERE state = 'posted') d
    LEFT JOIN LATERAL (
      SELECT * FROM report_member_running r WHERE r.member_id = d.member_id AND r.day < d.day ORDER BY r.day DESC LIMIT 1
    ) p ON true
    ON CONFLICT (member_id, day) DO NOTHING`.execute(db);
  await sql`
    UPDATE report_member_running r SET ${sql.raw(RUNNING_COLUMNS.map((column) => `${column} = r.${column} + s.${column}`).join(', '))}
    FROM (
      SELECT later.member_id, later.day, ${sql.raw(RUNNING_COLUMNS.map((column) => `sum(b.${column}) AS ${column}`).join(', '))}
      FROM (SELECT member_id, day, ${AMOUNT_SUMS}, ${CASH_SUMS}, ${BONUS_SUMS} FROM report_batch WHERE state = 'posted' GROUP BY member_id, day) b
      JOIN report_member_running later ON later.member_id = b.member_id AND later.day >= b.day
      GROUP BY later.member_id, later.day) s
    WHERE r.member_id = s.member_id AND r.day = s.day`.execute(db);
}

/** The days `report_member_close` keeps, back from its newest: enough for the longest range the agent centre reads. */
export const CLOSE_DAYS_KEPT = 70;

/**
 * Brings each member's close-of-day sums up to the batch: new days first carry every member's last close forward, then
 * each member of the batch gets, for every kept day from their earliest batch day to the newest close, their running
 * sums through that day. Days older than CLOSE_DAYS_KEPT go.
 */
async function addToClose(db: Kysely<Database>): Promise<void> {
  const columns = sql.raw(RUNNING_COLUMNS.join(', '));
  const { rows } = await sql<{ last: string | null; closed: string | null }>`
    SELECT (SELECT to_char(max(day), 'YYYY-MM-DD') FROM report_batch WHERE state = 'posted') AS last,
      (SELECT to_char(max(day), 'YYYY-MM-DD') FROM report_member_close) AS closed`.execute(db);
  const last = rows[0]?.last ?? null;
  const closed = rows[0]?.closed ?? null;
  if (last === null) return;
  if (closed !== null && closed < last) {
    await sql`
      INSERT INTO report_member_close (day, member_id, ${columns})
      SELECT d::date, c.member_id, ${sql.raw(RUNNING_COLUMNS.map((column) => `c.${column}`).join(', '))}
      FROM generate_series(${closed}::date + 1, ${last}::date, interval '1 day') d
      CROSS JOIN (SELECT * FROM report_member_close WHERE day = ${closed}::date) c`.execute(db);
  }
  const newest = closed !== null && closed > last ? closed : last;
  await sql`
    INSERT INTO report_member_close (day, member_id, ${columns})
    SELECT d.day::date, b.member_id, ${sql.raw(RUNNING_COLUMNS.map((column) => `r.${column}`).join(', '))}
    FROM (SELECT member_id, min(day) AS first FROM report_batch WHERE state = 'posted' GROUP BY member_id) b
    CROSS JOIN LATERAL generate_series(
      greatest(b.first, ${newest}::date - ${sql.raw(String(CLOSE_DAYS_KEPT))}), ${newest}::date, interval '1 day') AS d(day)
    CROSS JOIN LATERAL (
      SELECT * FROM report_member_running r WHERE r.member_id = b.member_id AND r.day <= d.day::date
      ORDER BY r.day DESC LIMIT 1) r
    ON CONFLICT (day, member_id) DO UPDATE SET
      ${sql.raw(RUNNING_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', '))}`.execute(db);
  await sql`DELETE FROM report_member_close WHERE day < ${newest}::date - ${sql.raw(String(CLOSE_DAYS_KEPT))}`.execute(db);
}

/**
 * How far back `report_agent_active` keeps a member's previous day with bets (older is -infinity): the longest range
 * of days its count of a team's active members answers exactly.
 */
export const ACTIVE_SPAN_DAYS = TEAM_OVERVIEW_MAX_DAYS;

/** The previous day with bets as `report_agent_active` keeps it, for a day with bets. */
const keptPrev = (prev: string, day: string) =>
  sql.raw(`CASE WHEN ${prev} IS NULL OR ${prev} < ${day} - ${ACTIVE_SPAN_DAYS} THEN '-infinity'::date ELSE ${prev} END`);

/** The tree's links (agent above member) in force at `at`. */
export function linksAt(at: Date) {
  return sql<{ ancestor_id: bigint; descendant_id: bigint }>`
    SELECT ancestor_id, descendant_id FROM agent_tree WHERE depth > 0 AND since <= ${at}
    UNION ALL
    SELECT ancestor_id, descendant_id FROM agent_tree_history WHERE depth > 0 AND since <= ${at} AND until > ${at}`;
}

/** Adds signed (agent_id, member_id, day, prev) rows to `report_agent_active`, per agent, day and kept previous day. */
const addActive = (changes: RawBuilder<unknown>) => sql`
  INSERT INTO report_agent_active (agent_id, day, prev_day, members)
  SELECT agent_id, day, ${keptPrev('prev', 'day')}, sum(sign) FROM (${changes}) c
  GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
  ON CONFLICT (agent_id, day, prev_day) DO UPDATE SET members = report_agent_active.members + EXCLUDED.members`;

/**
 * Brings `report_agent_active` from the tree at `from` (null: before any) to the tree at `to`: a link that began in
 * between adds its member's days with bets to its agent, one that ended takes them away. A new member has none yet
 * (their bets come after the ids the summaries hold), so in practice these are the links a move changed.
 */
async function advanceTeams(db: Kysely<Database>, from: Date | null, to: Date): Promise<void> {
  const after = from === null ? sql`'-infinity'::timestamptz` : sql`${from}::timestamptz`;
  await sql`
    WITH changed AS MATERIALIZED (
      SELECT ancestor_id, descendant_id, 1 AS sign FROM agent_tree WHERE depth > 0 AND since > ${after} AND since <= ${to}
      UNION ALL
      SELECT ancestor_id, descendant_id, 1 FROM agent_tree_history
      WHERE depth > 0 AND until > ${to} AND since > ${after} AND since <= ${to}
      UNION ALL
      SELECT ancestor_id, descendant_id, -1 FROM agent_tree_history
      WHERE depth > 0 AND until > ${after} AND until <= ${to} AND since <= ${after}),
    days AS (
      SELECT r.member_id, r.day, lag(r.day) OVER (PARTITION BY r.member_id ORDER BY r.day) AS prev
      FROM (SELECT DISTINCT descendant_id FROM changed) m JOIN report_member_days r ON r.member_id = m.descendant_id AND r.bets > 0)
    ${addActive(sql`SELECT c.ancestor_id AS agent_id, d.day, d.prev, c.sign FROM changed c JOIN days d ON d.member_id = c.descendant_id`)}`.execute(
    db,
  );
  await sql`UPDATE report_rollup SET tree_at = ${to}`.execute(db);
}

/**
 * Counts the batch's new days with bets (before the member days gain them) for the agents above each member in the
 * tree at `treeAt`: each new day with the member's previous day with bets, and the member's next day with bets (a late
 * bet) moved from its old previous day to the new one.
 */
async function addActiveDays(db: Kysely<Database>, treeAt: Date): Promise<void> {
  const ordered = sql.raw('lag(day) OVER (PARTITION BY member_id ORDER BY day)');
  await sql`
    WITH fresh AS MATERIALIZED (
      SELECT DISTINCT b.member_id, b.day FROM report_batch b
      WHERE b.state = 'posted' AND b.kind = 'bet' AND NOT EXISTS (
        SELECT 1 FROM report_member_days r WHERE r.member_id = b.member_id AND r.day = b.day AND r.bets > 0)),
    firsts AS MATERIALIZED (SELECT member_id, min(day) AS first FROM fresh GROUP BY member_id),
    known AS MATERIALIZED (
      SELECT f.member_id, r.day FROM firsts f JOIN report_member_days r ON r.member_id = f.member_id AND r.bets > 0 AND r.day >= f.first
      UNION ALL
      SELECT f.member_id, p.day FROM firsts f CROSS JOIN LATERAL (
        SELECT r.day FROM report_member_days r WHERE r.member_id = f.member_id AND r.bets > 0 AND r.day < f.first
        ORDER BY r.day DESC LIMIT 1) p),
    changes AS (
      SELECT member_id, day, ${ordered} AS prev, -1 AS sign FROM known
      UNION ALL
      SELECT member_id, day, ${ordered}, 1 FROM (SELECT member_id, day FROM known UNION ALL SELECT member_id, day FROM fresh) k),
    counted AS (SELECT c.* FROM changes c JOIN firsts f ON f.member_id = c.member_id WHERE c.day >= f.first)
    ${addActive(sql`SELECT l.ancestor_id AS agent_id, c.day, c.prev, c.sign FROM counted c JOIN (${linksAt(treeAt)}) l ON l.descendant_id = c.member_id`)}`.execute(
    db,
  );
}

/**
 * Adds transfers (after, upTo], the listed holds posted since, and members (membersAfter, membersUpTo] to the
 * summaries, lists the range's pending withdrawal holds, and records how far the summaries reach. The moves are read
 * once into a temporary table, so every summary counts the same snapshot of them.
 */
export async function rollUp(
  db: Kysely<Database>,
  timeZone: string,
  transfers: { after: bigint; upTo: bigint },
  members: { after: bigint; upTo: bigint },
  tree: { from: Date | null; to: Date },
): Promise<void> {
  const holds = await settledHolds(db);
  await sql`
    CREATE TEMPORARY TABLE report_batch ON COMMIT DROP AS
    ${moves(timeZone, { after: transfers.after, upTo: transfers.upTo, settledHolds: holds })}`.execute(db);
  await sql`
    INSERT INTO report_pending_holds (transfer_id) SELECT id FROM report_batch WHERE state = 'pending'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO report_game_days (merchant_code, day, vendor, game_code, bets, stake, refunds, payout)
    SELECT merchant_code, day, vendor, game_code, ${AMOUNT_SUMS}
    FROM report_batch WHERE state = 'posted' AND kind IN ('bet', 'win', 'refund')
    GROUP BY merchant_code, day, vendor, game_code
    ON CONFLICT (merchant_code, day, vendor, game_code) DO UPDATE SET ${addUp('report_game_days', AMOUNT_COLUMNS)}`.execute(db);
  // Before the merchant days, which add this batch's first deposits to report_first_deposits.
  await sql`
    INSERT INTO report_agent_days (agent_id, day, vendor, game_code, ${sql.raw(AGENT_DAY_COLUMNS.join(', '))})
    SELECT agent_id, day, vendor, game_code, ${sql.raw(AGENT_DAY_COLUMNS.map((column) => `sum(${column})`).join(', '))}
    FROM (${agentDayParts(
      timeZone,
      { moves: sql`SELECT * FROM report_batch`, firsts: firstDeposits(sql`SELECT * FROM report_batch`), members },
      null,
    )}) p
    GROUP BY agent_id, day, vendor, game_code
    ON CONFLICT (agent_id, day, vendor, game_code) DO UPDATE SET ${addUp('report_agent_days', AGENT_DAY_COLUMNS)}`.execute(db);
  const all = [...AMOUNT_COLUMNS, ...CASH_COLUMNS, 'sign_ups', 'first_depositors', 'active_players'];
  await sql`
    WITH firsts AS (
      INSERT INTO report_first_deposits (member_id, merchant_code, day)
      SELECT DISTINCT ON (member_id) member_id, merchant_code, day FROM report_batch WHERE state = 'posted' AND kind = 'deposit'
      ORDER BY member_id, settled_at
      ON CONFLICT (member_id) DO NOTHING
      RETURNING merchant_code, day),
    parts AS (
      SELECT merchant_code, day, ${AMOUNT_SUMS}, ${CASH_SUMS}, 0 AS sign_ups, 0 AS first_depositors, 0 AS active_players
      FROM report_batch WHERE state = 'posted' GROUP BY merchant_code, day
      UNION ALL
      SELECT merchant_code, day, 0, 0, 0, 0, 0, 0, 0, 0, count(*), 0, 0
      FROM (${signUps(timeZone, members.after, members.upTo)}) s GROUP BY merchant_code, day
      UNION ALL
      SELECT merchant_code, day, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*), 0 FROM firsts GROUP BY merchant_code, day
      UNION ALL
      SELECT merchant_code, day, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*) FROM (${newlyActive(sql`report_batch`)}) a
      GROUP BY merchant_code, day)
    INSERT INTO report_merchant_days (merchant_code, day, ${sql.raw(all.join(', '))})
    SELECT merchant_code, day, ${sql.raw(all.map((column) => `sum(${column})`).join(', '))}
    FROM parts GROUP BY merchant_code, day
    ON CONFLICT (merchant_code, day) DO UPDATE SET ${addUp('report_merchant_days', all)}`.execute(db);
  // Both after the merchant days and before the member days, against which they find the batch's new days with bets.
  if (tree.from === null || tree.from < tree.to) await advanceTeams(db, tree.from, tree.to);
  await addActiveDays(db, tree.to);
  await sql`
    INSERT INTO report_member_days (merchant_code, day, member_id, ${sql.raw(RUNNING_COLUMNS.join(', '))})
    SELECT merchant_code, day, member_id, ${AMOUNT_SUMS}, ${CASH_SUMS}, ${BONUS_SUMS}
    FROM report_batch WHERE state = 'posted' GROUP BY merchant_code, day, member_id
    ON CONFLICT (merchant_code, day, member_id) DO UPDATE SET
      ${addUp('report_member_days', RUNNING_COLUMNS)}`.execute(db);
  await addToRunning(db);
  await addToClose(db);
  await sql`UPDATE report_rollup SET transfers_to = ${transfers.upTo}, members_to = ${members.upTo}`.execute(db);
}

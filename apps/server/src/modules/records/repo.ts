import type { TransferKind } from '@tessera/contract/api/records';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface RecordRow {
  id: bigint;
  kind: TransferKind;
  state: 'pending' | 'posted' | 'voided';
  created_at: Date;
  amount: bigint;
  sign: number;
  balance_after: bigint | null;
  account_kind: string;
  account_ref: string;
  memo: Record<string, unknown>;
}

export interface RecordFilter {
  merchantCode: string;
  memberId: bigint;
  start: Date;
  end: Date;
  kinds: readonly TransferKind[] | null;
  /** Only entries paying the member (bonus details). */
  creditsOnly: boolean;
}

/**
 * The member's side of every ledger transfer touching one of their accounts (read-only: the ledger owns these
 * tables). A transfer between two of the member's own accounts (main → game wallet) yields one entry per side.
 */
function entries(filter: RecordFilter) {
  const kinds = filter.kinds ? sql`AND t.kind IN (${sql.join(filter.kinds)})` : sql``;
  const sides = filter.creditsOnly
    ? sql`(VALUES (t.credit_account_id, 1))`
    : sql`(VALUES (t.debit_account_id, -1), (t.credit_account_id, 1))`;
  return sql`
    WITH mine AS (
      SELECT id, kind, ref FROM ledger_accounts
      WHERE merchant_code = ${filter.merchantCode} AND owner_id = ${filter.memberId} AND kind <> 'member_points'
    )
    SELECT t.id, t.kind, t.state, t.created_at, t.amount, side.sign, t.memo,
      CASE WHEN side.sign = 1 THEN t.credit_balance_after ELSE t.debit_balance_after END AS balance_after,
      mine.kind AS account_kind, mine.ref AS account_ref
    FROM ledger_transfers t
    CROSS JOIN LATERAL ${sides} AS side(account_id, sign)
    JOIN mine ON mine.id = side.account_id
    WHERE (t.debit_account_id IN (SELECT id FROM mine) OR t.credit_account_id IN (SELECT id FROM mine))
      AND t.merchant_code = ${filter.merchantCode}
      AND t.created_at >= ${filter.start} AND t.created_at < ${filter.end}
      ${kinds}`;
}

/** A page of entries, newest first (a transfer's credit side before its debit side), and how many there are. */
async function pageOf<Row>(db: Kysely<Database>, query: RawBuilder<unknown>, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    sql<Row>`${query} ORDER BY t.created_at DESC, t.id DESC, side.sign DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
      db,
    ),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${query}) e`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export function selectRecords(
  db: Kysely<Database>,
  filter: RecordFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: RecordRow[]; total: number }> {
  return pageOf<RecordRow>(db, entries(filter), page);
}

export interface TeamRecordRow {
  id: bigint;
  kind: TransferKind;
  state: 'pending' | 'posted' | 'voided';
  created_at: Date;
  amount: bigint;
  sign: number;
  account: string;
}

export interface TeamRecordFilter {
  merchantCode: string;
  /**
   * The team: its members as rows (`members`: each one's accounts are read through their own indexes, for a small
   * team), or as a test of one member id (`has`: the merchant's entries of the days are each tested, for a large team).
   */
  team: { members: RawBuilder<{ member_id: bigint }> } | { has: (memberId: RawBuilder<unknown>) => RawBuilder<boolean> };
  /** Whole days of `timeZone`, both included. */
  fromDay: string;
  toDay: string;
  timeZone: string;
  kinds: readonly TransferKind[];
}

const dayBounds = (filter: TeamRecordFilter) => ({
  start: sql`(${filter.fromDay}::date::timestamp AT TIME ZONE ${filter.timeZone})`,
  end: sql`((${filter.toDay}::date + 1)::timestamp AT TIME ZONE ${filter.timeZone})`,
});

/**
 * The team members' side of each ledger transfer of the given kinds touching one of their accounts in the range,
 * through each account's index of those kinds; a transfer between two members of the team yields one entry for each.
 */
function teamEntries(filter: TeamRecordFilter, members: RawBuilder<{ member_id: bigint }>) {
  const { start, end } = dayBounds(filter);
  return sql`
    WITH team AS MATERIALIZED (${members}),
    theirs AS MATERIALIZED (
      SELECT a.id, m.account FROM ledger_accounts a JOIN team ON a.owner_id = team.member_id
      JOIN members m ON m.id = a.owner_id
      WHERE a.merchant_code = ${filter.merchantCode}),
    touched AS (
      SELECT t.id FROM theirs JOIN ledger_transfers t ON t.debit_account_id = theirs.id
      WHERE t.kind IN (${sql.join(filter.kinds)}) AND t.created_at >= ${start} AND t.created_at < ${end}
      UNION
      SELECT t.id FROM theirs JOIN ledger_transfers t ON t.credit_account_id = theirs.id
      WHERE t.kind IN (${sql.join(filter.kinds)}) AND t.created_at >= ${start} AND t.created_at < ${end})
    SELECT t.id, t.kind, t.state, t.created_at, t.amount, side.sign, theirs.account
    FROM touched JOIN ledger_transfers t ON t.id = touched.id
    CROSS JOIN LATERAL (VALUES (t.debit_account_id, -1), (t.credit_account_id, 1)) AS side(account_id, sign)
    JOIN theirs ON theirs.id = side.account_id`;
}

/**
 * The same entries for a large team: the merchant's transfers of the kinds in the range, newest first through their
 * time index, each member side kept when its owner passes the team's test; accounts are read for the page only.
 */
async function largeTeamEntries(
  db: Kysely<Database>,
  filter: TeamRecordFilter,
  has: (memberId: RawBuilder<unknown>) => RawBuilder<boolean>,
  page: { offset: number; limit: number },
): Promise<{ rows: TeamRecordRow[]; total: number }> {
  const { start, end } = dayBounds(filter);
  const { rows } = await sql<TeamRecordRow & { owner_id: bigint; total: string }>`
    WITH sides AS MATERIALIZED (
      SELECT t.id, t.kind, t.state, t.created_at, t.amount, side.sign, a.owner_id
      FROM ledger_transfers t
      CROSS JOIN LATERAL (VALUES (t.debit_account_id, -1), (t.credit_account_id, 1)) AS side(account_id, sign)
      JOIN ledger_accounts a ON a.id = side.account_id
      WHERE t.merchant_code = ${filter.merchantCode} AND t.kind IN (${sql.join(filter.kinds)})
        AND t.created_at >= ${start} AND t.created_at < ${end} AND a.owner_id IS NOT NULL),
    page AS (
      SELECT s.*, count(*) OVER () AS total FROM sides s WHERE ${has(sql`s.owner_id`)}
      ORDER BY s.created_at DESC, s.id DESC, s.sign DESC LIMIT ${page.limit} OFFSET ${page.offset})
    SELECT page.*, m.account FROM page JOIN members m ON m.id = page.owner_id
    ORDER BY page.created_at DESC, page.id DESC, page.sign DESC`.execute(db);
  const first = rows[0];
  if (!first && page.offset > 0) {
    const { total } = await largeTeamEntries(db, filter, has, { offset: 0, limit: 1 });
    return { rows: [], total };
  }
  return {
    rows: rows.map(
      (row): TeamRecordRow => ({
        id: row.id,
        kind: row.kind,
        state: row.state,
        created_at: row.created_at,
        amount: row.amount,
        sign: row.sign,
        account: row.account,
      }),
    ),
    total: Number(first?.total ?? 0),
  };
}

export function selectTeamRecords(
  db: Kysely<Database>,
  filter: TeamRecordFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TeamRecordRow[]; total: number }> {
  return 'members' in filter.team
    ? pageOf<TeamRecordRow>(db, teamEntries(filter, filter.team.members), page)
    : largeTeamEntries(db, filter, filter.team.has, page);
}

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
  /** One `member_id` row per member whose accounts are listed. */
  team: RawBuilder<{ member_id: bigint }>;
  /** Whole days of `timeZone`, both included. */
  fromDay: string;
  toDay: string;
  timeZone: string;
  kinds: readonly TransferKind[];
}

/**
 * The team members' side of each ledger transfer of the given kinds touching one of their accounts in the range,
 * through each account's own index; a transfer between two members of the team yields one entry for each.
 */
function teamEntries(filter: TeamRecordFilter) {
  const start = sql`(${filter.fromDay}::date::timestamp AT TIME ZONE ${filter.timeZone})`;
  const end = sql`((${filter.toDay}::date + 1)::timestamp AT TIME ZONE ${filter.timeZone})`;
  return sql`
    WITH team AS MATERIALIZED (${filter.team}),
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

export function selectTeamRecords(
  db: Kysely<Database>,
  filter: TeamRecordFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TeamRecordRow[]; total: number }> {
  return pageOf<TeamRecordRow>(db, teamEntries(filter), page);
}

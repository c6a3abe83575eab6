import type { TransferKind } from '@tessera/contract/api/records';
import { type Kysely, sql } from 'kysely';
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
      WHERE merchant_code = ${filter.merchantCode} AND owner_id = ${filter.memberId}
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

export async function selectRecords(
  db: Kysely<Database>,
  filter: RecordFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: RecordRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    sql<RecordRow>`${entries(filter)} ORDER BY t.created_at DESC, t.id DESC, side.sign DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
      db,
    ),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${entries(filter)}) e`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

import type { RebatePeriod } from '@tessera/contract/routes/promotions';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PromotionRebatePeriodTable, PromotionRebateTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export type RebateRow = Selectable<PromotionRebateTable>;
export type RebatePeriodRow = Selectable<PromotionRebatePeriodTable>;

/** One rebate run at a time across every instance: a second instance waits, then finds the work done. */
export async function lockRebateRuns(trx: Db) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('promotion_rebates'), 0)`.execute(trx);
}

/** The end of the period (day, or week from Monday, in `timeZone`) that contains `at`. */
export async function periodEndAfter(db: Db, period: RebatePeriod, at: Date, timeZone: string): Promise<Date> {
  const unit = period === 'daily' ? 'day' : 'week';
  const step = period === 'daily' ? '1 day' : '7 days';
  const { rows } = await sql<{ end: Date }>`
    SELECT (date_trunc(${unit}, ${at}::timestamptz AT TIME ZONE ${timeZone}) + ${step}::interval) AT TIME ZONE ${timeZone}
      AS end`.execute(db);
  return new Date((rows[0] as { end: Date }).end);
}

/** Rebate promotions that have started by `clock`, oldest first. */
export function selectRebatePromotions(db: Db, clock: Date) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('type', '=', 'rebate')
    .where('starts_at', '<=', clock)
    .orderBy('id')
    .execute();
}

/** The promotion's period being closed (not yet closed), or its latest closed one. */
export async function selectLatestPeriod(db: Db, promotionId: bigint) {
  return db
    .selectFrom('promotion_rebate_periods')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .orderBy('period_start', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertPeriod(db: Db, promotionId: bigint, start: Date, end: Date) {
  await db
    .insertInto('promotion_rebate_periods')
    .values({ promotion_id: promotionId, period_start: start, period_end: end })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function advancePeriod(db: Db, promotionId: bigint, start: Date, afterMemberId: bigint, closedAt: Date | null) {
  await db
    .updateTable('promotion_rebate_periods')
    .set({ after_member_id: afterMemberId, closed_at: closedAt })
    .where('promotion_id', '=', promotionId)
    .where('period_start', '=', start)
    .execute();
}

/**
 * Net cash loss per member in [from, to) over the categories: stakes from the member's main wallet less wins and
 * refunds into it, of posted game transfers whose memo names one of the categories. Bonus stakes are not the
 * member's money and are not counted. Members after `afterMemberId` (or `onlyMember`), in id order, up to `limit`.
 */
export async function selectLosses(
  db: Db,
  q: {
    merchant: string;
    categories: readonly string[];
    from: Date;
    to: Date;
    afterMemberId?: bigint;
    onlyMember?: bigint;
    limit: number;
  },
): Promise<{ memberId: bigint; loss: bigint }[]> {
  if (q.categories.length === 0) return [];
  const categories = sql.join(q.categories.map((category) => sql`${category}`));
  const who = q.onlyMember !== undefined ? sql`a.owner_id = ${q.onlyMember}` : sql`a.owner_id > ${q.afterMemberId ?? 0n}`;
  const { rows } = await sql<{ member_id: bigint; loss: string }>`
    SELECT member_id, sum(amount)::text AS loss FROM (
      SELECT a.owner_id AS member_id, t.amount
      FROM ledger_accounts a JOIN ledger_transfers t ON t.debit_account_id = a.id
      WHERE a.merchant_code = ${q.merchant} AND a.kind = 'member_main' AND ${who}
        AND t.kind = 'bet' AND t.state = 'posted' AND t.settled_at >= ${q.from} AND t.settled_at < ${q.to}
        AND t.memo->>'gameCategory' IN (${categories})
      UNION ALL
      SELECT a.owner_id, -t.amount
      FROM ledger_accounts a JOIN ledger_transfers t ON t.credit_account_id = a.id
      WHERE a.merchant_code = ${q.merchant} AND a.kind = 'member_main' AND ${who}
        AND t.kind IN ('win', 'refund') AND t.state = 'posted' AND t.settled_at >= ${q.from} AND t.settled_at < ${q.to}
        AND t.memo->>'gameCategory' IN (${categories})
    ) moves
    GROUP BY member_id ORDER BY member_id LIMIT ${q.limit}`.execute(db);
  return rows.map((row) => ({ memberId: BigInt(row.member_id), loss: BigInt(row.loss) }));
}

export type NewRebate = Pick<
  RebateRow,
  | 'merchant_code'
  | 'promotion_id'
  | 'member_id'
  | 'period_start'
  | 'period_end'
  | 'loss_minor'
  | 'rebate_minor'
  | 'state'
  | 'reason'
>;

/** The period's rebates not written before (a member's rebate of a period is written once: the UNIQUE key). */
export async function insertRebates(db: Db, rows: readonly NewRebate[]): Promise<RebateRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('promotion_rebates')
    .values([...rows])
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_start']).doNothing())
    .returningAll()
    .execute();
}

/** Bonus rebates that waited for another bonus to end, oldest first, locked. */
export function selectWaiting(db: Db, promotionId: bigint, limit: number) {
  return db
    .selectFrom('promotion_rebates')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('state', '=', 'waiting')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .execute();
}

export async function markPaid(db: Db, paid: readonly { id: bigint; transferId: bigint; claimId: bigint | null }[], at: Date) {
  if (paid.length === 0) return;
  const values = sql.join(paid.map((p) => sql`(${p.id}::int8, ${p.transferId}::int8, ${p.claimId}::int8)`));
  await sql`
    UPDATE promotion_rebates r SET state = 'paid', transfer_id = v.transfer_id, claim_id = v.claim_id, paid_at = ${at}
    FROM (VALUES ${values}) AS v(id, transfer_id, claim_id)
    WHERE r.id = v.id AND r.state = 'waiting'`.execute(db);
}

/** Adds the period's paid rebates to the promotion's budget used and claims (the run holds the runs' lock). */
export async function addToBudget(db: Db, promotionId: bigint, amount: bigint, count: number) {
  if (count === 0) return;
  await sql`
    UPDATE promotions SET budget_used_minor = budget_used_minor + ${amount}::int8, claims_count = claims_count + ${count}::int4
    WHERE id = ${promotionId}`.execute(db);
}

/** The member's latest rebate of the promotion. */
export function selectLatestRebate(db: Db, promotionId: bigint, memberId: bigint) {
  return db
    .selectFrom('promotion_rebates')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .orderBy('period_start', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Bonus claims for bonus rebates, one per member without an open claim (the partial UNIQUE index decides). */
export async function insertRebateClaims(
  db: Db,
  claims: readonly { merchant: string; promotionId: bigint; memberId: bigint }[],
): Promise<Map<bigint, bigint>> {
  if (claims.length === 0) return new Map();
  const values = sql.join(claims.map((c) => sql`(${c.merchant}, ${c.promotionId}::int8, ${c.memberId}::int8, 'joined')`));
  const { rows } = await sql<{ id: bigint; member_id: bigint }>`
    INSERT INTO promotion_claims (merchant_code, promotion_id, member_id, state)
    VALUES ${values}
    ON CONFLICT (member_id) WHERE state IN ('joined', 'applying', 'issued') DO NOTHING
    RETURNING id, member_id`.execute(db);
  return new Map(rows.map((row) => [BigInt(row.member_id), BigInt(row.id)]));
}

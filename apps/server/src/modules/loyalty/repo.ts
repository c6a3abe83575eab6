import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface RankRow {
  member_id: bigint;
  merchant_code: string;
  rank_level: number;
  highest_level: number;
  level_since: Date;
  counted_through: bigint;
  points_carry: number;
  earned_total: bigint;
  monthly_paid_for: string;
}

export async function selectRank(db: Db, memberId: bigint): Promise<RankRow | undefined> {
  return db.selectFrom('loyalty_members').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** The members' rank rows, created at level 0 when missing, locked in member order until the transaction ends. */
export async function lockRanks(trx: Trx, merchant: string, memberIds: readonly bigint[]): Promise<RankRow[]> {
  const { rows } = await sql<RankRow>`
    INSERT INTO loyalty_members (member_id, merchant_code)
    SELECT id, ${merchant} FROM unnest(${[...memberIds]}::int8[]) AS id ORDER BY id
    ON CONFLICT (member_id) DO UPDATE SET updated_at = loyalty_members.updated_at
    RETURNING *`.execute(trx);
  return rows;
}

export interface NewMoves {
  day: string;
  category: string | null;
  valid_bet: bigint;
  deposits: bigint;
  /** Bets placed (one per bet transfer). */
  bets: bigint;
  through: bigint;
}

/** New moves of one member of a batch, with the mark they were read after. */
export interface MemberMoves extends NewMoves {
  member_id: bigint;
  mark: bigint;
}

/**
 * The members' posted bets (their valid bet, by game category) and deposits into their own wallets after each one's
 * mark, by member and UTC day: read from the ledger, which every money path writes. Trial accounts count nothing
 * (their bets are play money). One statement for the whole batch; a mark not given (null) is the member's rank row's.
 * Each account's deposits are read through its own index (`OFFSET 0` keeps the lateral read): joined, PostgreSQL
 * expects few deposits and scans the whole ledger for a batch of a few thousand members.
 */
export async function selectNewMoves(
  db: Db,
  merchant: string,
  marks: readonly { memberId: bigint; after: bigint | null }[],
): Promise<MemberMoves[]> {
  if (marks.length === 0) return [];
  const { rows } = await sql<MemberMoves>`
    WITH given AS (
      SELECT * FROM unnest(${marks.map((m) => m.memberId)}::int8[], ${marks.map((m) => m.after)}::int8[]) AS g (member_id, after)
    ), marks AS (
      SELECT g.member_id, coalesce(g.after, l.counted_through, 0) AS after
      FROM given g LEFT JOIN loyalty_members l ON l.member_id = g.member_id
    ), mine AS (
      SELECT a.id, k.member_id, k.after FROM marks k
      JOIN members m ON m.id = k.member_id AND m.agent_type <> ${TRIAL_TYPE}
      JOIN ledger_accounts a ON a.owner_id = k.member_id AND a.merchant_code = ${merchant} AND a.kind IN ('member_main', 'member_vendor')
    ), moves AS (
      SELECT mine.member_id, mine.after AS mark, t.id, t.created_at, t.memo ->> 'gameCategory' AS category,
             CASE WHEN jsonb_typeof(t.memo -> 'validBet') = 'number' THEN floor((t.memo ->> 'validBet')::numeric)::int8 ELSE 0 END
               AS valid_bet,
             0::int8 AS deposit, 1::int8 AS bet
      FROM mine JOIN ledger_transfers t ON t.debit_account_id = mine.id AND t.id > mine.after
      WHERE t.kind = 'bet' AND t.state = 'posted'
      UNION ALL
      SELECT mine.member_id, mine.after, t.id, t.created_at, NULL, 0::int8, t.amount, 0::int8
      FROM mine CROSS JOIN LATERAL (
        SELECT t.id, t.created_at, t.amount FROM ledger_transfers t
        WHERE t.credit_account_id = mine.id AND t.id > mine.after AND t.kind = 'deposit' AND t.state = 'posted'
        OFFSET 0) t
    )
    SELECT member_id, mark, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, category,
           sum(valid_bet)::int8 AS valid_bet, sum(deposit)::int8 AS deposits, sum(bet)::int8 AS bets,
           max(id) AS through
    FROM moves GROUP BY 1, 2, 3, 4 ORDER BY 1, 3`.execute(db);
  return rows;
}

/** Adds each (member, day)'s deposits and valid bet to its day row; one row per (member, day) in `sums`. */
export async function addToDays(
  trx: Trx,
  sums: readonly { memberId: bigint; day: string; deposits: bigint; validBet: bigint }[],
): Promise<void> {
  if (sums.length === 0) return;
  await sql`
    INSERT INTO loyalty_days (member_id, day, deposits_minor, valid_bet_minor)
    SELECT * FROM unnest(${sums.map((x) => x.memberId)}::int8[], ${sums.map((x) => x.day)}::date[],
                         ${sums.map((x) => x.deposits)}::int8[], ${sums.map((x) => x.validBet)}::int8[])
    ORDER BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET
      deposits_minor = loyalty_days.deposits_minor + excluded.deposits_minor,
      valid_bet_minor = loyalty_days.valid_bet_minor + excluded.valid_bet_minor`.execute(trx);
}

/** Deposits and valid bets over the last `days` UTC days, today included. */
export async function windowSums(
  db: Db,
  memberId: bigint,
  days: number,
  now: Date,
): Promise<{ deposits: bigint; validBet: bigint }> {
  const { rows } = await sql<{ deposits: bigint; valid_bet: bigint }>`
    SELECT coalesce(sum(deposits_minor), 0)::int8 AS deposits, coalesce(sum(valid_bet_minor), 0)::int8 AS valid_bet
    FROM loyalty_days
    WHERE member_id = ${memberId} AND day > (${now}::timestamptz AT TIME ZONE 'UTC')::date - ${days}::int`.execute(db);
  return { deposits: BigInt(rows[0]?.deposits ?? 0n), validBet: BigInt(rows[0]?.valid_bet ?? 0n) };
}

/** `windowSums` for many members in one statement (members without day rows are missing from the map). */
export async function windowSumsOf(
  db: Db,
  memberIds: readonly bigint[],
  days: number,
  now: Date,
): Promise<Map<bigint, { deposits: bigint; validBet: bigint }>> {
  const { rows } = await sql<{ member_id: bigint; deposits: bigint; valid_bet: bigint }>`
    SELECT member_id, sum(deposits_minor)::int8 AS deposits, sum(valid_bet_minor)::int8 AS valid_bet
    FROM loyalty_days
    WHERE member_id = ANY(${[...memberIds]}::int8[]) AND day > (${now}::timestamptz AT TIME ZONE 'UTC')::date - ${days}::int
    GROUP BY member_id`.execute(db);
  return new Map(rows.map((row) => [BigInt(row.member_id), { deposits: BigInt(row.deposits), validBet: BigInt(row.valid_bet) }]));
}

/** Moves each member's mark past what was counted, with the points carry and the points earned. */
export async function saveCounts(
  trx: Trx,
  counts: readonly { memberId: bigint; through: bigint; carry: number; earned: bigint }[],
): Promise<void> {
  if (counts.length === 0) return;
  await sql`
    UPDATE loyalty_members l SET counted_through = c.through, points_carry = c.carry,
      earned_total = l.earned_total + c.earned, updated_at = now()
    FROM unnest(${counts.map((c) => c.memberId)}::int8[], ${counts.map((c) => c.through)}::int8[],
                ${counts.map((c) => c.carry)}::int4[], ${counts.map((c) => c.earned)}::int8[]) AS c (member_id, through, carry, earned)
    WHERE l.member_id = c.member_id`.execute(trx);
}

export async function setLevel(
  trx: Trx,
  row: RankRow,
  level: number,
  at: Date,
  change: { reason: 'upgrade' } | { reason: 'downgrade'; reviewDay: string },
): Promise<boolean> {
  const inserted = await sql<{ id: bigint }>`
    INSERT INTO loyalty_level_changes (merchant_code, member_id, from_level, to_level, reason, review_day, at)
    VALUES (${row.merchant_code}, ${row.member_id}, ${row.rank_level}, ${level}, ${change.reason},
            ${change.reason === 'downgrade' ? change.reviewDay : null}::date, ${at})
    ON CONFLICT (member_id, review_day) DO NOTHING RETURNING id`.execute(trx);
  if (inserted.rows.length === 0) return false;
  await trx
    .updateTable('loyalty_members')
    .set({
      rank_level: level,
      highest_level: Math.max(level, row.highest_level),
      level_since: at,
      ...(change.reason === 'upgrade' ? { monthly_paid_for: monthOf(at) } : {}),
      updated_at: at,
    })
    .where('member_id', '=', row.member_id)
    .execute();
  return true;
}

export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

export async function selectRankedMerchants(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('loyalty_members').select('merchant_code').distinct().where('rank_level', '>', 0).execute();
  return rows.map((row) => row.merchant_code);
}

/** Members above level 0 whose level has lasted the whole window, locked (others' locks skipped: they are busy counting). */
export async function lockReviewCandidates(trx: Trx, merchant: string, lastedSince: Date, limit: number): Promise<RankRow[]> {
  return trx
    .selectFrom('loyalty_members')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('rank_level', '>', 0)
    .where('level_since', '<=', lastedSince)
    .orderBy('member_id')
    .limit(limit)
    .forUpdate()
    .execute();
}

export async function lockMonthlyDue(trx: Trx, merchant: string, month: string, limit: number): Promise<RankRow[]> {
  return trx
    .selectFrom('loyalty_members')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('rank_level', '>', 0)
    .where('monthly_paid_for', '<>', month)
    .orderBy('member_id')
    .limit(limit)
    .forUpdate()
    .execute();
}

export async function markMonthlyPaid(trx: Trx, memberId: bigint, month: string): Promise<void> {
  await trx.updateTable('loyalty_members').set({ monthly_paid_for: month }).where('member_id', '=', memberId).execute();
}

export interface ItemRow {
  id: bigint;
  merchant_code: string;
  names: Record<string, string>;
  image: string | null;
  points_price: bigint;
  stock: number;
  per_member_limit: number | null;
  active: boolean;
  redeemed_count: number;
  updated_at: Date;
  updated_by: string;
}

export async function selectItems(db: Db, merchant: string, activeOnly: boolean): Promise<ItemRow[]> {
  let query = db.selectFrom('point_mall_items').selectAll().where('merchant_code', '=', merchant);
  if (activeOnly) query = query.where('active', '=', true);
  return query.orderBy('id', 'desc').limit(200).execute();
}

/** Quantity of each item the member has redeemed and not had rejected. */
export async function selectRedeemedByMember(db: Db, memberId: bigint): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('point_redemptions')
    .select(['item_id', (eb) => eb.fn.sum<string>('quantity').as('quantity')])
    .where('member_id', '=', memberId)
    .where('status', '<>', 'rejected')
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((row) => [row.item_id.toString(), Number(row.quantity)]));
}

/**
 * Takes `quantity` units of an active item: one guarded UPDATE, so the stock never goes below zero whatever runs at
 * once, and the item row stays locked (per-member counts read after it are current). Undefined: not enough left.
 */
export async function takeStock(trx: Trx, merchant: string, itemId: bigint, quantity: number): Promise<ItemRow | undefined> {
  return trx
    .updateTable('point_mall_items')
    .set((eb) => ({ stock: eb('stock', '-', quantity), redeemed_count: eb('redeemed_count', '+', quantity) }))
    .where('id', '=', itemId)
    .where('merchant_code', '=', merchant)
    .where('active', '=', true)
    .where('stock', '>=', quantity)
    .returningAll()
    .executeTakeFirst();
}

export async function returnStock(trx: Trx, itemId: bigint, quantity: number): Promise<void> {
  await trx
    .updateTable('point_mall_items')
    .set((eb) => ({ stock: eb('stock', '+', quantity), redeemed_count: eb('redeemed_count', '-', quantity) }))
    .where('id', '=', itemId)
    .execute();
}

export async function selectItem(db: Db, merchant: string, itemId: bigint): Promise<ItemRow | undefined> {
  return db
    .selectFrom('point_mall_items')
    .selectAll()
    .where('id', '=', itemId)
    .where('merchant_code', '=', merchant)
    .executeTakeFirst();
}

export async function redeemedByMemberOf(trx: Trx, memberId: bigint, itemId: bigint): Promise<number> {
  const row = await trx
    .selectFrom('point_redemptions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('quantity'), eb.lit(0)).as('quantity'))
    .where('member_id', '=', memberId)
    .where('item_id', '=', itemId)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

export interface RedemptionRow {
  id: bigint;
  merchant_code: string;
  member_id: bigint;
  item_id: bigint;
  request_id: string;
  quantity: number;
  points: bigint;
  status: 'in_process' | 'approved' | 'rejected';
  remark: string;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  names: Record<string, string>;
  image: string | null;
}

const redemptions = (db: Db) =>
  db
    .selectFrom('point_redemptions as r')
    .innerJoin('point_mall_items as i', 'i.id', 'r.item_id')
    .select([
      'r.id',
      'r.merchant_code',
      'r.member_id',
      'r.item_id',
      'r.request_id',
      'r.quantity',
      'r.points',
      'r.status',
      'r.remark',
      'r.created_at',
      'r.decided_at',
      'r.decided_by',
      'i.names',
      'i.image',
    ]);

export async function insertRedemption(
  trx: Trx,
  row: { merchant: string; memberId: bigint; itemId: bigint; requestId: string; quantity: number; points: bigint },
): Promise<bigint | undefined> {
  const inserted = await trx
    .insertInto('point_redemptions')
    .values({
      merchant_code: row.merchant,
      member_id: row.memberId,
      item_id: row.itemId,
      request_id: row.requestId,
      quantity: row.quantity,
      points: row.points,
      status: 'in_process',
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function selectRedemptionByRequest(db: Db, memberId: bigint, requestId: string) {
  return redemptions(db).where('r.member_id', '=', memberId).where('r.request_id', '=', requestId).executeTakeFirst();
}

export async function selectRedemption(db: Db, merchant: string, id: bigint) {
  return redemptions(db).where('r.id', '=', id).where('r.merchant_code', '=', merchant).executeTakeFirst();
}

export async function lockRedemption(trx: Trx, merchant: string, id: bigint) {
  return trx
    .selectFrom('point_redemptions')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_code', '=', merchant)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideRedemption(
  trx: Trx,
  id: bigint,
  decision: { status: 'approved' | 'rejected'; remark: string; by: string; at: Date },
): Promise<void> {
  await trx
    .updateTable('point_redemptions')
    .set({ status: decision.status, remark: decision.remark, decided_by: decision.by, decided_at: decision.at })
    .where('id', '=', id)
    .execute();
}

export async function selectMemberRedemptions(db: Db, memberId: bigint, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    redemptions(db).where('r.member_id', '=', memberId).orderBy('r.id', 'desc').offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom('point_redemptions')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function selectQueue(db: Db, merchant: string, filter: { status?: RedemptionRow['status']; id?: bigint }) {
  const status = filter.status;
  let query = redemptions(db)
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .select('m.account')
    .where('r.merchant_code', '=', merchant);
  if (status) query = query.where('r.status', '=', status);
  if (filter.id !== undefined) query = query.where('r.id', '=', filter.id);
  return query
    .orderBy('r.id', status === 'in_process' ? 'asc' : 'desc')
    .limit(200)
    .execute();
}

export async function insertConversion(
  trx: Trx,
  row: { merchant: string; memberId: bigint; requestId: string; points: bigint; amount: bigint },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('point_conversions')
    .values({
      merchant_code: row.merchant,
      member_id: row.memberId,
      request_id: row.requestId,
      points: row.points,
      amount_minor: row.amount,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function selectConversion(db: Db, memberId: bigint, requestId: string) {
  return db
    .selectFrom('point_conversions')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export interface PointEntryRow {
  id: bigint;
  created_at: Date;
  amount: bigint;
  sign: number;
  balance_after: bigint | null;
  memo: Record<string, unknown> | null;
}

/** The member's points account's posted transfers, newest first, with the balance after each (read-only). */
export async function selectPointEntries(db: Db, merchant: string, memberId: bigint, page: { offset: number; limit: number }) {
  const account = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_code', '=', merchant)
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'member_points')
    .executeTakeFirst();
  if (!account) return { rows: [] as PointEntryRow[], total: 0 };
  const { rows } = await sql<PointEntryRow>`
    SELECT t.id, t.created_at, t.amount, t.memo,
      CASE WHEN t.credit_account_id = ${account.id} THEN 1 ELSE -1 END AS sign,
      CASE WHEN t.credit_account_id = ${account.id} THEN t.credit_balance_after ELSE t.debit_balance_after END AS balance_after
    FROM ledger_transfers t
    WHERE (t.credit_account_id = ${account.id} OR t.debit_account_id = ${account.id}) AND t.state = 'posted'
    ORDER BY t.id DESC OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db);
  const { rows: counted } = await sql<{ total: string }>`
    SELECT count(*) AS total FROM ledger_transfers t
    WHERE (t.credit_account_id = ${account.id} OR t.debit_account_id = ${account.id}) AND t.state = 'posted'`.execute(db);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export async function insertItem(trx: Trx, row: Omit<ItemRow, 'id' | 'redeemed_count' | 'updated_at'>): Promise<ItemRow> {
  return trx
    .insertInto('point_mall_items')
    .values({ ...row, names: JSON.stringify(row.names) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function lockItem(trx: Trx, merchant: string, id: bigint): Promise<ItemRow | undefined> {
  return trx
    .selectFrom('point_mall_items')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_code', '=', merchant)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateItem(
  trx: Trx,
  id: bigint,
  row: Omit<ItemRow, 'id' | 'redeemed_count' | 'updated_at' | 'merchant_code'>,
): Promise<ItemRow> {
  return trx
    .updateTable('point_mall_items')
    .set({ ...row, names: JSON.stringify(row.names), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

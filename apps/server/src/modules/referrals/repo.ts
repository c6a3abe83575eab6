import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function selectCode(db: Db, memberId: bigint): Promise<string | undefined> {
  const row = await db.selectFrom('referral_codes').select('code').where('member_id', '=', memberId).executeTakeFirst();
  return row?.code;
}

/** Stores the member's code unless they have one or the code is taken (answers whether it was stored). */
export async function insertCode(db: Db, merchant: string, memberId: bigint, code: string): Promise<boolean> {
  const { rows } = await sql<{ member_id: bigint }>`
    INSERT INTO referral_codes (member_id, merchant_code, code) VALUES (${memberId}, ${merchant}, ${code})
    ON CONFLICT DO NOTHING RETURNING member_id`.execute(db);
  return rows.length > 0;
}

/** The member behind a referral code: an active, real (not trial) account of the merchant. Read-only on members. */
export async function selectReferrer(db: Db, merchant: string, code: string, trialType: number) {
  return db
    .selectFrom('referral_codes as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .select(['m.id'])
    .where('c.merchant_code', '=', merchant)
    .where('c.code', '=', code)
    .where('m.status', '=', 'active')
    .where('m.agent_type', '!=', trialType)
    .executeTakeFirst();
}

export async function insertReferral(
  db: Db,
  referral: { merchant: string; referrerId: bigint; refereeId: bigint; code: string },
): Promise<void> {
  await db
    .insertInto('referrals')
    .values({
      merchant_code: referral.merchant,
      referrer_id: referral.referrerId,
      referee_id: referral.refereeId,
      code: referral.code,
      earned_at: null,
      promotion_id: null,
    })
    .execute();
}

export type ReferralRow = NonNullable<Awaited<ReturnType<typeof lockReferralOf>>>;

/** The referee's referral, locked: every step of one referral (earning, paying) queues on this row. */
export function lockReferralOf(db: Db, refereeId: bigint) {
  return db.selectFrom('referrals').selectAll().where('referee_id', '=', refereeId).forUpdate().executeTakeFirst();
}

export function lockReferral(db: Db, id: bigint) {
  return db.selectFrom('referrals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markEarned(db: Db, id: bigint, promotionId: bigint, at: Date): Promise<void> {
  await db
    .updateTable('referrals')
    .set({ earned_at: at, promotion_id: promotionId })
    .where('id', '=', id)
    .where('earned_at', 'is', null)
    .execute();
}

/** The merchant's referral programme open at `now` (the newest, if several), read-only on promotions. */
export async function selectOpenProgramme(db: Db, merchant: string, now: Date) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('type', '=', 'referral')
    .where('closed_at', 'is', null)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** What the friend has done toward a programme's trigger: deposits approved at or above the minimum, valid bets. */
export async function selectProgress(
  db: Db,
  merchant: string,
  refereeId: bigint,
  minDeposit: bigint,
): Promise<{ deposited: boolean; validBet: bigint }> {
  const { rows } = await sql<{ deposited: boolean; valid_bet: bigint }>`
    SELECT
      EXISTS (SELECT 1 FROM deposit_orders d
              WHERE d.merchant_code = ${merchant} AND d.member_id = ${refereeId} AND d.status = 'approved'
                AND d.amount_minor >= ${minDeposit}::int8) AS deposited,
      ${validBetSql(merchant, refereeId)} AS valid_bet`.execute(db);
  const row = rows[0];
  return { deposited: row?.deposited === true, validBet: BigInt(row?.valid_bet ?? 0) };
}

const validBetSql = (merchant: string, memberId: unknown) => sql`(
  SELECT coalesce(floor(sum((t.memo->>'validBet')::numeric)), 0)::int8
  FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
  WHERE a.merchant_code = ${merchant} AND a.owner_id = ${memberId}
    AND t.kind = 'bet' AND t.state = 'posted' AND jsonb_typeof(t.memo->'validBet') = 'number')`;

export interface FriendRow {
  id: bigint;
  referee_id: bigint;
  account: string;
  created_at: Date;
  earned_at: Date | null;
  promotion_id: bigint | null;
  deposited: boolean;
  valid_bet: bigint;
  claim_state: string | null;
  bonus_minor: bigint | null;
}

/** The member's referred friends, newest first, with their progress and the claim paying each one's reward. */
export async function selectFriends(db: Db, merchant: string, referrerId: bigint, limit: number): Promise<FriendRow[]> {
  const { rows } = await sql<FriendRow>`
    SELECT r.id, r.referee_id, m.account, r.created_at, r.earned_at, r.promotion_id,
      EXISTS (SELECT 1 FROM deposit_orders d
              WHERE d.merchant_code = ${merchant} AND d.member_id = r.referee_id AND d.status = 'approved') AS deposited,
      ${validBetSql(merchant, sql.ref('r.referee_id'))} AS valid_bet,
      c.state AS claim_state, c.bonus_minor
    FROM referrals r
    JOIN members m ON m.id = r.referee_id
    LEFT JOIN promotion_claims c ON c.referral_id = r.id
    WHERE r.merchant_code = ${merchant} AND r.referrer_id = ${referrerId}
    ORDER BY r.id DESC
    LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({
    ...row,
    valid_bet: BigInt(row.valid_bet),
    bonus_minor: row.bonus_minor === null ? null : BigInt(row.bonus_minor),
  }));
}

/** The referrer's earned rewards not yet paid (no claim), oldest first. */
export async function selectDueReferrals(db: Db, merchant: string, referrerId: bigint) {
  const { rows } = await sql<{ id: bigint }>`
    SELECT r.id FROM referrals r
    WHERE r.merchant_code = ${merchant} AND r.referrer_id = ${referrerId} AND r.earned_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM promotion_claims c WHERE c.referral_id = r.id)
    ORDER BY r.id`.execute(db);
  return rows.map((row) => BigInt(row.id));
}

/** Friends still to earn their reward whose programme counts valid bets: checked when the referrer looks. */
export async function selectWaitingReferrals(db: Db, merchant: string, referrerId: bigint) {
  const { rows } = await sql<{ referee_id: bigint }>`
    SELECT referee_id FROM referrals
    WHERE merchant_code = ${merchant} AND referrer_id = ${referrerId} AND earned_at IS NULL
    ORDER BY id DESC LIMIT 200`.execute(db);
  return rows.map((row) => BigInt(row.referee_id));
}

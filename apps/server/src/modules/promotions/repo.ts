import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ClaimState, PromotionClaimTable, PromotionTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export type PromotionRow = Selectable<PromotionTable>;
export type ClaimRow = Selectable<PromotionClaimTable>;
export type PromotionWrite = Omit<
  PromotionTable,
  | 'id'
  | 'merchant_code'
  | 'budget_used_minor'
  | 'claims_count'
  | 'created_at'
  | 'updated_at'
  | 'closed_at'
  | 'texts'
  | 'weights'
  | 'review'
  | 'audience_vip_levels'
  | 'audience_agent_id'
  | 'rebate_categories'
  | 'rebate_period'
  | 'rebate_bp'
  | 'min_loss_minor'
> &
  Partial<Pick<PromotionTable, 'rebate_period' | 'rebate_bp' | 'min_loss_minor'>> & {
    texts: string;
    weights: string;
    review?: boolean;
    audience_vip_levels?: string;
    audience_agent_id?: bigint | null;
    rebate_categories?: string;
  };

export function selectPromotions(db: Db, merchant: string) {
  return db.selectFrom('promotions').selectAll().where('merchant_code', '=', merchant).orderBy('id', 'desc').execute();
}

export function selectPromotion(db: Db, merchant: string, id: bigint, lock = false) {
  const query = db.selectFrom('promotions').selectAll().where('merchant_code', '=', merchant).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertPromotion(db: Db, merchant: string, row: PromotionWrite): Promise<bigint> {
  const inserted = await db
    .insertInto('promotions')
    .values({ ...row, merchant_code: merchant })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updatePromotion(db: Db, id: bigint, row: PromotionWrite): Promise<void> {
  await db
    .updateTable('promotions')
    .set({ ...row, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function closePromotion(db: Db, id: bigint, actor: string, now: Date): Promise<void> {
  await db.updateTable('promotions').set({ closed_at: now, updated_at: now, updated_by: actor }).where('id', '=', id).execute();
}

/**
 * Takes `bonus` from the promotion's budget and one from its total claims, only if both stay within their caps: one
 * guarded UPDATE, so concurrent claims queue on the row and the last ones find nothing left.
 */
export async function takeFromBudget(db: Db, promotionId: bigint, bonus: bigint): Promise<boolean> {
  const { rows } = await sql<{ id: bigint }>`
    UPDATE promotions SET budget_used_minor = budget_used_minor + ${bonus}::int8, claims_count = claims_count + 1
    WHERE id = ${promotionId}
      AND (budget_minor IS NULL OR budget_used_minor + ${bonus}::int8 <= budget_minor)
      AND (max_claims_total IS NULL OR claims_count < max_claims_total)
    RETURNING id`.execute(db);
  return rows.length > 0;
}

/** The member's claims, newest first (every promotion). */
export function selectMemberClaims(db: Db, memberId: bigint) {
  return db.selectFrom('promotion_claims').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').execute();
}

/** The member's claim in `states`, locked when asked (at most one is open: the partial UNIQUE index). */
export function selectOpenClaim(db: Db, merchant: string, memberId: bigint, lock: boolean) {
  const query = db
    .selectFrom('promotion_claims')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('member_id', '=', memberId)
    .where('state', 'in', ['joined', 'applying', 'issued']);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function selectClaim(db: Db, merchant: string, claimId: bigint) {
  return db
    .selectFrom('promotion_claims')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('id', '=', claimId)
    .executeTakeFirst();
}

export function selectClaimOfReferral(db: Db, referralId: bigint) {
  return db.selectFrom('promotion_claims').selectAll().where('referral_id', '=', referralId).executeTakeFirst();
}

export function lockClaim(db: Db, claimId: bigint) {
  return db.selectFrom('promotion_claims').selectAll().where('id', '=', claimId).forUpdate().executeTakeFirst();
}

/** Claims of the promotion by the member that count toward its per-member limit (a refused claim does not). */
export async function countMemberClaims(db: Db, promotionId: bigint, memberId: bigint): Promise<number> {
  const row = await db
    .selectFrom('promotion_claims')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('state', '!=', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A new open claim, or null when the member already has one (the partial UNIQUE index decides a race). A referral
 * reward's claim names its referral; a second claim for the same referral fails on its own UNIQUE index.
 */
export async function insertJoinedClaim(
  db: Db,
  merchant: string,
  promotionId: bigint,
  memberId: bigint,
  referralId: bigint | null = null,
): Promise<bigint | null> {
  const { rows } = await sql<{ id: bigint }>`
    INSERT INTO promotion_claims (merchant_code, promotion_id, member_id, state, referral_id)
    VALUES (${merchant}, ${promotionId}, ${memberId}, 'joined', ${referralId})
    ON CONFLICT (member_id) WHERE state IN ('joined', 'applying', 'issued') DO NOTHING
    RETURNING id`.execute(db);
  return rows[0]?.id ?? null;
}

export async function updateClaim(db: Db, claimId: bigint, changes: Partial<Omit<ClaimRow, 'id' | 'created_at'>>): Promise<void> {
  const { weights, flags, ...rest } = changes;
  await db
    .updateTable('promotion_claims')
    .set({
      ...rest,
      ...(weights ? { weights: JSON.stringify(weights) } : {}),
      ...(flags ? { flags: JSON.stringify(flags) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', claimId)
    .execute();
}

export async function insertEvent(
  db: Db,
  event: {
    claimId: bigint;
    from: ClaimState | null;
    to: ClaimState;
    actor: string;
    detail?: Record<string, string | number | null>;
  },
): Promise<void> {
  await db
    .insertInto('promotion_claim_events')
    .values({
      claim_id: event.claimId,
      from_state: event.from,
      to_state: event.to,
      actor: event.actor,
      detail: JSON.stringify(event.detail ?? {}),
    })
    .execute();
}

export function selectEvents(db: Db, claimId: bigint) {
  return db.selectFrom('promotion_claim_events').selectAll().where('claim_id', '=', claimId).orderBy('id').execute();
}

export async function selectMemberFacts(db: Db, merchant: string, memberId: bigint) {
  return db
    .selectFrom('members')
    .select(['agent_type', 'created_at'])
    .where('merchant_code', '=', merchant)
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** Whether the member had a deposit approved before `orderId` (read-only; the deposits module owns the orders). */
export async function hasEarlierApprovedDeposit(
  db: Db,
  merchant: string,
  memberId: bigint,
  orderId: bigint | null,
): Promise<boolean> {
  let query = db
    .selectFrom('deposit_orders')
    .select('id')
    .where('merchant_code', '=', merchant)
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved');
  if (orderId !== null) query = query.where('id', '!=', orderId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The bets the member made since `through` (the last transfer counted), from cash or bonus, weighted as
 * `wagering.weightedBet` does, and the last transfer id seen. Read-only on the ledger's tables.
 */
export async function countNewBets(
  db: Db,
  claim: Pick<ClaimRow, 'merchant_code' | 'member_id' | 'counted_through' | 'weights' | 'max_bet_minor'>,
): Promise<{ weighted: bigint; through: bigint }> {
  const { rows } = await sql<{ weighted: bigint; through: bigint }>`
    SELECT coalesce(sum(
             CASE WHEN ${claim.max_bet_minor}::int8 IS NOT NULL AND t.amount > ${claim.max_bet_minor}::int8 THEN 0
                  ELSE t.amount * coalesce((${JSON.stringify(claim.weights)}::jsonb ->> (t.memo ->> 'gameCategory'))::int8, 0) / 100
             END), 0)::int8 AS weighted,
           coalesce(max(t.id), ${claim.counted_through}::int8) AS through
    FROM ledger_transfers t
    WHERE t.debit_account_id IN (
        SELECT id FROM ledger_accounts
        WHERE merchant_code = ${claim.merchant_code} AND owner_id = ${claim.member_id} AND kind IN ('member_main', 'member_bonus'))
      AND t.id > ${claim.counted_through}::int8 AND t.kind = 'bet' AND t.state = 'posted'`.execute(db);
  const row = rows[0];
  return { weighted: BigInt(row?.weighted ?? 0), through: BigInt(row?.through ?? claim.counted_through) };
}

/** Claims waiting for review, oldest first, with who made them and, for a referral reward, the friend behind it. */
export function selectApplyingClaims(db: Db, merchant: string) {
  return db
    .selectFrom('promotion_claims as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .innerJoin('promotions as p', 'p.id', 'c.promotion_id')
    .leftJoin('referrals as r', 'r.id', 'c.referral_id')
    .leftJoin('members as f', 'f.id', 'r.referee_id')
    .select([
      'c.id',
      'c.promotion_id',
      'c.member_id',
      'c.bonus_minor',
      'c.deposit_minor',
      'c.flags',
      'c.updated_at',
      'm.account',
      'p.texts',
      'p.type',
      'f.account as referred_account',
    ])
    .where('c.merchant_code', '=', merchant)
    .where('c.state', '=', 'applying')
    .orderBy('c.id')
    .limit(500)
    .execute();
}

/** Accounts' names by id, for the review queue's flags. */
export async function selectAccounts(db: Db, merchant: string, ids: readonly bigint[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'account'])
    .where('merchant_code', '=', merchant)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id.toString(), row.account]));
}

/** What marks a person rather than an account: device id and addresses at sign-up, last login address, mobile. */
export interface PersonTraits {
  id: bigint;
  device: string | null;
  ips: string[];
  mobile: string | null;
  dial_code: string | null;
}

export async function selectPersonTraits(db: Db, merchant: string, memberId: bigint): Promise<PersonTraits | undefined> {
  const { rows } = await sql<PersonTraits>`
    SELECT id, nullif(registration->>'loginDeviceId', '') AS device, mobile, dial_code,
           array_remove(ARRAY[nullif(registration->>'ip', ''), last_login_ip], NULL) AS ips
    FROM members WHERE merchant_code = ${merchant} AND id = ${memberId}`.execute(db);
  return rows[0];
}

/**
 * The other accounts among `others` (members of the merchant) that share a trait with `me`: the same device id,
 * one of the (public) addresses, the same mobile (a number kept without its dial code, from before dial codes were
 * stored, matches the same national number under any code), or the same bank or e-wallet account bound for payouts. Read-only
 * on the accounts' and security centre's tables.
 */
export async function selectSharedTraits(
  db: Db,
  merchant: string,
  me: PersonTraits & { publicIps: string[] },
  others: { promotionId: bigint } | { memberId: bigint },
): Promise<{ member_id: bigint; signal: 'device' | 'ip' | 'mobile' | 'bank_account' }[]> {
  const candidates =
    'promotionId' in others
      ? sql`SELECT DISTINCT member_id FROM promotion_claims WHERE promotion_id = ${others.promotionId} AND state <> 'rejected'`
      : sql`SELECT ${others.memberId}::int8`;
  const { rows } = await sql<{ member_id: bigint; signal: 'device' | 'ip' | 'mobile' | 'bank_account' }>`
    WITH o AS (
      SELECT id, nullif(registration->>'loginDeviceId', '') AS device, mobile, dial_code,
             array_remove(ARRAY[nullif(registration->>'ip', ''), last_login_ip], NULL) AS ips
      FROM members
      WHERE merchant_code = ${merchant} AND id <> ${me.id} AND id IN (${candidates})
    )
    SELECT o.id AS member_id, s.signal
    FROM o, LATERAL (VALUES
      ('device', ${me.device}::text IS NOT NULL AND o.device = ${me.device}::text),
      ('ip', o.ips && ${me.publicIps}::text[]),
      ('mobile', ${me.mobile}::text IS NOT NULL AND o.mobile = ${me.mobile}::text
                 AND (o.dial_code IS NULL OR ${me.dial_code}::text IS NULL OR o.dial_code = ${me.dial_code}::text)),
      ('bank_account', EXISTS (
        SELECT 1 FROM payout_accounts a JOIN payout_accounts b
          ON b.type = a.type AND b.provider = a.provider AND b.account_number = a.account_number
        WHERE a.member_id = ${me.id} AND b.member_id = o.id AND a.removed_at IS NULL AND b.removed_at IS NULL))
    ) AS s(signal, hit)
    WHERE s.hit
    ORDER BY o.id, s.signal`.execute(db);
  return rows;
}

/** The promotions whose list of accounts names the member (audience `members`). */
export async function selectListingPromotions(db: Db, memberId: bigint): Promise<Set<bigint>> {
  const rows = await db
    .selectFrom('promotion_audience_members')
    .select('promotion_id')
    .where('member_id', '=', memberId)
    .execute();
  return new Set(rows.map((row) => row.promotion_id));
}

/** The accounts each promotion's list names, by promotion. */
export async function selectAudienceAccounts(db: Db, promotionIds: readonly bigint[]): Promise<Map<bigint, string[]>> {
  const accounts = new Map<bigint, string[]>();
  if (promotionIds.length === 0) return accounts;
  const rows = await db
    .selectFrom('promotion_audience_members as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .select(['a.promotion_id', 'm.account'])
    .where('a.promotion_id', 'in', promotionIds)
    .orderBy('m.account')
    .execute();
  for (const row of rows) accounts.set(row.promotion_id, [...(accounts.get(row.promotion_id) ?? []), row.account]);
  return accounts;
}

/** The merchant's members by account (case-insensitive), with their type. */
export function selectMembersByAccount(db: Db, merchant: string, accounts: readonly string[]) {
  if (accounts.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('members')
    .select(['id', 'account', 'agent_type'])
    .where('merchant_code', '=', merchant)
    .where(
      sql<string>`lower(account)`,
      'in',
      accounts.map((account) => account.trim().toLowerCase()),
    )
    .execute();
}

export function selectMemberAccount(db: Db, memberId: bigint) {
  return db.selectFrom('members').select('account').where('id', '=', memberId).executeTakeFirst();
}

/** Makes the promotion's list of accounts exactly `memberIds`. */
export async function replaceAudienceMembers(db: Db, promotionId: bigint, memberIds: readonly bigint[]): Promise<void> {
  await db.deleteFrom('promotion_audience_members').where('promotion_id', '=', promotionId).execute();
  for (let i = 0; i < memberIds.length; i += 1000) {
    const chunk = memberIds.slice(i, i + 1000).map((member_id) => ({ promotion_id: promotionId, member_id }));
    await db.insertInto('promotion_audience_members').values(chunk).execute();
  }
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export function selectRates(db: Kysely<Database>, merchantCode: string) {
  return db
    .selectFrom('cashback_rates')
    .select(['game_category', 'rate_bp', 'updated_by', 'updated_at'])
    .where('merchant_code', '=', merchantCode)
    .orderBy('game_category')
    .execute();
}

export async function upsertRate(db: Kysely<Database>, merchantCode: string, category: string, rateBp: number, actor: string) {
  const old = await db
    .selectFrom('cashback_rates')
    .select('rate_bp')
    .where('merchant_code', '=', merchantCode)
    .where('game_category', '=', category)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('cashback_rates')
    .values({ merchant_code: merchantCode, game_category: category, rate_bp: rateBp, updated_by: actor })
    .onConflict((oc) =>
      oc.columns(['merchant_code', 'game_category']).doUpdateSet({ rate_bp: rateBp, updated_by: actor, updated_at: sql`now()` }),
    )
    .execute();
  await db
    .insertInto('cashback_rate_audit')
    .values({
      merchant_code: merchantCode,
      game_category: category,
      old_rate_bp: old?.rate_bp ?? null,
      new_rate_bp: rateBp,
      actor,
    })
    .execute();
}

/**
 * Valid bets per game category of the member's posted bets in (start, end]: ledger transfers of kind 'bet'
 * from one of the member's accounts whose memo carries `gameCategory` and a numeric `validBet` (read-only).
 */
export async function selectValidBets(
  db: Kysely<Database>,
  merchantCode: string,
  memberId: bigint,
  start: Date | null,
  end: Date,
): Promise<{ category: string; validBet: bigint }[]> {
  const after = start ? sql`AND t.created_at > ${start}` : sql``;
  const result = await sql<{ category: string; valid_bet: bigint }>`
    SELECT t.memo->>'gameCategory' AS category, floor(sum((t.memo->>'validBet')::numeric))::int8 AS valid_bet
    FROM ledger_transfers t
    JOIN ledger_accounts a ON a.id = t.debit_account_id
    WHERE a.merchant_code = ${merchantCode} AND a.owner_id = ${memberId}
      AND t.kind = 'bet' AND t.state = 'posted'
      AND jsonb_typeof(t.memo->'gameCategory') = 'string' AND jsonb_typeof(t.memo->'validBet') = 'number'
      AND t.created_at <= ${end} ${after}
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return result.rows.map((row) => ({ category: row.category, validBet: BigInt(row.valid_bet) }));
}

/** The member's claim mark, created when missing and locked to the transaction when `lock`. */
export async function markOf(db: Kysely<Database>, merchantCode: string, memberId: bigint, lock: boolean): Promise<Date | null> {
  if (lock) {
    await db
      .insertInto('cashback_marks')
      .values({ member_id: memberId, merchant_code: merchantCode, claimed_to: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const query = db.selectFrom('cashback_marks').select('claimed_to').where('member_id', '=', memberId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row?.claimed_to ?? null;
}

export async function setMark(db: Kysely<Database>, memberId: bigint, claimedTo: Date) {
  await db.updateTable('cashback_marks').set({ claimed_to: claimedTo }).where('member_id', '=', memberId).execute();
}

export async function insertClaim(
  db: Kysely<Database>,
  claim: { merchantCode: string; memberId: bigint; start: Date | null; end: Date; validBet: bigint; amount: bigint },
): Promise<{ id: bigint; created_at: Date }> {
  return db
    .insertInto('cashback_claims')
    .values({
      merchant_code: claim.merchantCode,
      member_id: claim.memberId,
      period_start: claim.start,
      period_end: claim.end,
      valid_bet_minor: claim.validBet,
      amount_minor: claim.amount,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function insertClaimLine(
  db: Kysely<Database>,
  line: { claimId: bigint; category: string; validBet: bigint; rateBp: number; amount: bigint; transferId: bigint },
) {
  await db
    .insertInto('cashback_claim_lines')
    .values({
      claim_id: line.claimId,
      game_category: line.category,
      valid_bet_minor: line.validBet,
      rate_bp: line.rateBp,
      amount_minor: line.amount,
      ledger_transfer_id: line.transferId,
    })
    .execute();
}

export function selectClaims(db: Kysely<Database>, memberId: bigint, limit: number) {
  return db
    .selectFrom('cashback_claims')
    .select(['id', 'period_start', 'period_end', 'valid_bet_minor', 'amount_minor', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

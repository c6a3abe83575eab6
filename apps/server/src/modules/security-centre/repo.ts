import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PayoutAccountTable } from './tables.js';

const PAYOUT_COLUMNS = [
  'id',
  'merchant_code',
  'member_id',
  'type',
  'provider',
  'holder_name',
  'account_number',
  'created_at',
] as const;
export type PayoutAccountRow = Pick<
  PayoutAccountTable,
  'type' | 'provider' | 'holder_name' | 'account_number' | 'merchant_code' | 'member_id'
> & {
  id: bigint;
  created_at: Date;
};

export function selectLiveAccounts(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<PayoutAccountRow[]> {
  return db
    .selectFrom('payout_accounts')
    .select(PAYOUT_COLUMNS)
    .where('merchant_code', '=', merchant)
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** A member's own live account, optionally locked (binding, unbinding and withdrawing to it serialise on the row). */
export function selectLiveAccount(db: Kysely<Database>, merchant: string, memberId: bigint, id: bigint, forUpdate: boolean) {
  let query = db
    .selectFrom('payout_accounts')
    .select(PAYOUT_COLUMNS)
    .where('id', '=', id)
    .where('merchant_code', '=', merchant)
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertAccount(
  db: Kysely<Database>,
  row: Pick<PayoutAccountRow, 'merchant_code' | 'member_id' | 'type' | 'provider' | 'holder_name' | 'account_number'>,
): Promise<PayoutAccountRow> {
  return db.insertInto('payout_accounts').values(row).returning(PAYOUT_COLUMNS).executeTakeFirstOrThrow();
}

export async function markRemoved(db: Kysely<Database>, id: bigint) {
  await db.updateTable('payout_accounts').set({ removed_at: new Date() }).where('id', '=', id).execute();
}

export function selectMemberSummary(db: Kysely<Database>, merchant: string, memberId: bigint) {
  return db
    .selectFrom('members')
    .select([
      'account',
      'nickname',
      'mobile',
      'dial_code',
      'email',
      'mobile_verified_at',
      'email_verified_at',
      'created_at',
      'last_login_at',
      'last_login_ip',
      'agent_type',
    ])
    .where('id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .executeTakeFirst();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The member's agent type (read-only: `members` belongs to modules/accounts); undefined for another merchant. */
export async function selectAgentType(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<number | undefined> {
  const row = await db
    .selectFrom('members')
    .select('agent_type')
    .where('id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .executeTakeFirst();
  return row?.agent_type;
}

/**
 * Every member account of one member with its balance (read-only: the ledger owns these rows; member accounts
 * are a single row each, so no sum over shards is needed). One query for the whole wallet.
 */
export function selectMemberAccounts(db: Kysely<Database>, merchant: string, memberId: bigint) {
  return db
    .selectFrom('ledger_accounts')
    .select(['kind', 'ref', 'balance', 'held'])
    .where('merchant_code', '=', merchant)
    .where('owner_id', '=', memberId)
    .where('kind', 'in', ['member_main', 'member_vendor', 'member_bonus', 'member_points'])
    .execute();
}

/** Vendors that hold a wallet in transfer mode: every vendor of the catalogue that is not retired. */
export function selectWalletVendors(db: Kysely<Database>, merchant: string) {
  return db
    .selectFrom('catalogue_vendors')
    .select(['vassalage', 'display_name'])
    .where('merchant_code', '=', merchant)
    .where('status', '!=', 'retired')
    .orderBy('sort_order')
    .orderBy('vassalage')
    .execute();
}

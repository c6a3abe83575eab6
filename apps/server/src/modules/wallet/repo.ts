import { CompiledQuery, type InferResult, type Kysely } from 'kysely';
import { prepareOnEachConnection } from '../../db/connect.js';
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

const MEMBER_KINDS = ['member_main', 'member_vendor', 'member_bonus', 'member_points'] as const;

const memberAccountsQuery = (db: Kysely<Database>, merchant: string, memberId: bigint) =>
  db
    .selectFrom('ledger_accounts')
    .select(['kind', 'ref', 'balance', 'held'])
    .where('merchant_code', '=', merchant)
    .where('owner_id', '=', memberId)
    .where('kind', 'in', MEMBER_KINDS);

/**
 * Its text once compiled, and kept prepared on PostgreSQL: every balance call runs it, and building, compiling, parsing
 * and planning it again were a measurable share of the call.
 */
let memberAccountsSql: string | undefined;

/**
 * Every member account of one member with its balance (read-only: the ledger owns these rows; member accounts
 * are a single row each, so no sum over shards is needed). One query for the whole wallet.
 */
export async function selectMemberAccounts(db: Kysely<Database>, merchant: string, memberId: bigint) {
  if (memberAccountsSql === undefined) {
    const compiled = memberAccountsQuery(db, merchant, memberId).compile();
    if (compiled.parameters.length !== 2 + MEMBER_KINDS.length)
      throw new Error('wallet: the accounts query changed its parameters');
    memberAccountsSql = compiled.sql;
    prepareOnEachConnection(memberAccountsSql);
  }
  const query = CompiledQuery.raw(memberAccountsSql, [merchant, memberId, ...MEMBER_KINDS]);
  return (await db.executeQuery<InferResult<ReturnType<typeof memberAccountsQuery>>[number]>(query)).rows;
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

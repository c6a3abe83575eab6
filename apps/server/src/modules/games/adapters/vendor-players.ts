import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * Whether a third-party vendor may move money for this member id: a member of this merchant, not frozen, and
 * not a trial account (play money settles only at the house). Vendors name players by member id, which they
 * got from our launch call; an id of another merchant is as unknown as one that never existed.
 */
export async function isVendorPlayer(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select(['agent_type', 'status'])
    .where('id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .executeTakeFirst();
  return row !== undefined && row.agent_type !== TRIAL_TYPE && row.status === 'active';
}

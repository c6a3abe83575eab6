import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { createMember } from '../../accounts/members.js';
import { insertMerchant } from '../../site-settings/repo.js';

/** A merchant for ledger tests (ledger tests need no settings, only the row the accounts reference). */
export async function ledgerMerchant(db: Kysely<Database>, code: string): Promise<string> {
  await insertMerchant(db, code, `Ledger test ${code}`);
  return code;
}

/** `count` members of `merchant` without passwords (no argon2 cost: the ledger only needs their ids). */
export async function ledgerMembers(db: Kysely<Database>, merchant: string, count: number): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(await createMember(db, { merchantCode: merchant, account: `l${randomBytes(6).toString('hex')}`, password: null }));
  }
  return ids;
}

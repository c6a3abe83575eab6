import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { maskAccountNumber } from '../../platform/masking.js';
import * as repo from './repo.js';

/** A live bank account as another module may see it: the holder name whole, the number only masked. */
export interface BoundBankAccount {
  provider: string;
  holderName: string;
  accountNumberMasked: string;
}

/**
 * The member's bound bank accounts, oldest first. New-address login verification asks for a holder name back
 *; it reads them here rather than from this module's tables.
 */
export async function boundBankAccounts(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<BoundBankAccount[]> {
  return (await repo.selectLiveAccounts(db, merchant, memberId))
    .filter((account) => account.type === 'bank')
    .map((account) => ({
      provider: account.provider,
      holderName: account.holder_name,
      accountNumberMasked: maskAccountNumber(account.account_number),
    }));
}

import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AccountRef } from '../ledger/service.js';

/** Trial accounts (agent type 4) hold play money: their bets go to the house's play-money account, not 'games'. */
export async function isTrialMember(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('agent_type')
    .where('id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .executeTakeFirst();
  return row?.agent_type === TRIAL_TYPE;
}

export const memberMain = (memberId: bigint): AccountRef => ({ kind: 'member_main', memberId });

/** Real bets and wins settle against the house 'games' account; play money against 'playmoney', so it never counts as revenue. */
export const houseAccount = (playMoney: boolean): AccountRef => ({ kind: 'house', purpose: playMoney ? 'playmoney' : 'games' });

export interface GameMemo {
  gameCategory: string;
  validBet: bigint;
  vendor: string;
  gameCode: string;
  roundId: string;
}

/** The memo every game transfer carries: records and rebates read it from the ledger. */
export const gameMemo = (memo: GameMemo) => ({ ...memo, validBet: Number(memo.validBet) });

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { VendorOperation } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewVendorTx {
  merchant_code: string;
  vendor: string;
  tx_id: string;
  member_id: bigint | null;
  operation: VendorOperation;
  amount: bigint;
  round_id: string | null;
  game_code: string | null;
  state: 'applied' | 'rolled_back';
}

/** Inserts the transaction unless its id is known (a concurrent twin waits for the first to commit); true when inserted. */
export async function insertVendorTx(db: Db, row: NewVendorTx): Promise<boolean> {
  const inserted = await db
    .insertInto('game_vendor_transactions')
    .values(row)
    .onConflict((oc) => oc.columns(['merchant_code', 'vendor', 'tx_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function lockVendorTx(db: Db, merchant: string, vendor: string, txId: string) {
  return db
    .selectFrom('game_vendor_transactions')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('vendor', '=', vendor)
    .where('tx_id', '=', txId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setVendorTxTransfer(db: Db, id: bigint, ledgerTransferId: bigint): Promise<void> {
  await db.updateTable('game_vendor_transactions').set({ ledger_transfer_id: ledgerTransferId }).where('id', '=', id).execute();
}

export async function markRolledBack(db: Db, id: bigint, reversalTransferId: bigint): Promise<void> {
  await db
    .updateTable('game_vendor_transactions')
    .set({ state: 'rolled_back', reversal_transfer_id: reversalTransferId })
    .where('id', '=', id)
    .execute();
}

/** A game of the catalogue with its vendor, both statuses, for launch. */
export function selectLaunchGame(db: Db, merchant: string, vassalage: string, gameCode: string) {
  return db
    .selectFrom('catalogue_games as g')
    .innerJoin('catalogue_vendors as v', 'v.id', 'g.vendor_id')
    .select(['g.game_code', 'g.status', 'g.classify_key', 'v.vassalage', 'v.category', 'v.status as vendor_status'])
    .where('g.merchant_code', '=', merchant)
    .where('v.vassalage', '=', vassalage)
    .where('g.game_code', '=', gameCode)
    .executeTakeFirst();
}

/** The member's merchant and account type (trial accounts play with play money). */
export function selectMemberKind(db: Db, memberId: bigint) {
  return db.selectFrom('members').select(['merchant_code', 'agent_type']).where('id', '=', memberId).executeTakeFirst();
}

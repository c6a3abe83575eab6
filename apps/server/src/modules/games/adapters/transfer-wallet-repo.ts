import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Serialises the transfer-mode moves of one member with one vendor until the caller's transaction ends, so a
 * results sync and a new hold never interleave (PostgreSQL and PGlite both have transaction advisory locks).
 */
export async function lockMemberVendor(trx: Transaction<Database>, merchant: string, memberId: bigint, vendor: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`vendor-wallet:${merchant}:${memberId}:${vendor}`}))`.execute(trx);
}

/** Whether a move between the main wallet and this vendor wallet still awaits the vendor (read-only on the ledger). */
export async function hasPendingVendorMove(db: Db, merchant: string, memberId: bigint, vendor: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', (join) =>
      join.on((eb) => eb.or([eb('a.id', '=', eb.ref('t.debit_account_id')), eb('a.id', '=', eb.ref('t.credit_account_id'))])),
    )
    .select('t.id')
    .where('t.merchant_code', '=', merchant)
    .where('t.state', '=', 'pending')
    .where('a.owner_id', '=', memberId)
    .where('a.kind', '=', 'member_vendor')
    .where('a.ref', '=', vendor)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A ledger transfer's state (read-only). */
export async function selectTransferState(db: Db, id: bigint) {
  const row = await db.selectFrom('ledger_transfers').select('state').where('id', '=', id).executeTakeFirst();
  return row?.state;
}

/** The vendor's catalogue category (its game results are booked under it). */
export async function selectVendorCategory(db: Db, merchant: string, vendor: string): Promise<string> {
  const row = await db
    .selectFrom('catalogue_vendors')
    .select('category')
    .where('merchant_code', '=', merchant)
    .where('vassalage', '=', vendor)
    .executeTakeFirst();
  return row?.category ?? 'RNG';
}

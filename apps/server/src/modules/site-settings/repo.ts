import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StoredSetting {
  key: string;
  value: unknown;
  version: number;
}

export async function merchantExists(db: Kysely<Database>, merchantCode: string): Promise<boolean> {
  const row = await db.selectFrom('merchants').select('code').where('code', '=', merchantCode).executeTakeFirst();
  return row !== undefined;
}

/** Locks the merchant row for the caller's transaction; false when the merchant does not exist. */
export async function lockMerchant(trx: Kysely<Database>, merchantCode: string): Promise<boolean> {
  const row = await trx.selectFrom('merchants').select('code').where('code', '=', merchantCode).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function insertMerchant(db: Kysely<Database>, code: string, name: string): Promise<boolean> {
  const result = await db
    .insertInto('merchants')
    .values({ code, name })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function selectSettings(db: Kysely<Database>, merchantCode: string): Promise<StoredSetting[]> {
  return db
    .selectFrom('merchant_settings')
    .select(['key', 'value', 'version'])
    .where('merchant_code', '=', merchantCode)
    .execute();
}

/** Locks the setting's row (when it exists) for a read-modify-write in the caller's transaction. */
export async function lockSetting(
  trx: Kysely<Database>,
  merchantCode: string,
  key: string,
): Promise<{ value: unknown } | undefined> {
  return trx
    .selectFrom('merchant_settings')
    .select('value')
    .where('merchant_code', '=', merchantCode)
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes one setting in the caller's transaction (after `lockSetting`); returns its new version. */
export async function writeSetting(
  trx: Kysely<Database>,
  merchantCode: string,
  key: string,
  value: unknown,
  actor: string,
): Promise<number> {
  const json = JSON.stringify(value);
  const written = await trx
    .insertInto('merchant_settings')
    .values({ merchant_code: merchantCode, key, value: json, updated_by: actor })
    .onConflict((oc) =>
      oc.columns(['merchant_code', 'key']).doUpdateSet({
        value: json,
        version: sql`merchant_settings.version + 1`,
        updated_at: sql`now()`,
        updated_by: actor,
      }),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return written.version;
}

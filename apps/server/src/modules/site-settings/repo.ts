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

/** Writes one setting and its audit row in the caller's transaction (after `lockSetting`). */
export async function writeSettingWithAudit(
  trx: Kysely<Database>,
  merchantCode: string,
  key: string,
  previous: { value: unknown } | undefined,
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
  await trx
    .insertInto('settings_audit')
    .values({
      merchant_code: merchantCode,
      key,
      old_value: previous ? JSON.stringify(previous.value) : null,
      new_value: json,
      actor,
    })
    .execute();
  return written.version;
}

export interface AuditRow {
  key: string;
  oldValue: unknown;
  newValue: unknown;
  actor: string;
  at: Date;
}

export async function selectAudit(
  db: Kysely<Database>,
  merchantCode: string,
  key: string | undefined,
  limit: number,
): Promise<AuditRow[]> {
  let query = db
    .selectFrom('settings_audit')
    .select(['key', 'old_value', 'new_value', 'actor', 'at'])
    .where('merchant_code', '=', merchantCode);
  if (key) query = query.where('key', '=', key);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ key: row.key, oldValue: row.old_value, newValue: row.new_value, actor: row.actor, at: row.at }));
}

import { type Kysely, sql } from 'kysely';
import { SEAL_PURPOSES, SealedAtRest } from '../../platform/sealed-at-rest.js';
import type { MigrationContext } from '../migration-context.js';

/**
 * Staff TOTP secrets sealed at rest: each existing clear secret is sealed under the server secret, bound to its
 * staff id, and the clear column goes, all in the migration's transaction.
 */
export async function upWith(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  await sql`ALTER TABLE staff ADD COLUMN totp_secret_sealed bytea`.execute(db);
  const { rows } = await sql<{ id: string; totp_secret: string }>`
    SELECT id::text AS id, totp_secret FROM staff WHERE totp_secret IS NOT NULL FOR UPDATE`.execute(db);
  if (rows.length > 0) {
    const seal = new SealedAtRest(needSecret(context), SEAL_PURPOSES.staffTotpSecret);
    for (const row of rows) {
      await sql`UPDATE staff SET totp_secret_sealed = ${seal.seal(row.totp_secret, row.id)} WHERE id = ${row.id}::bigint`.execute(
        db,
      );
    }
  }
  await sql`ALTER TABLE staff DROP COLUMN totp_secret`.execute(db);
}

export async function downWith(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  await sql`ALTER TABLE staff ADD COLUMN totp_secret text`.execute(db);
  const { rows } = await sql<{ id: string; totp_secret_sealed: Uint8Array }>`
    SELECT id::text AS id, totp_secret_sealed FROM staff WHERE totp_secret_sealed IS NOT NULL FOR UPDATE`.execute(db);
  if (rows.length > 0) {
    const seal = new SealedAtRest(needSecret(context), SEAL_PURPOSES.staffTotpSecret);
    for (const row of rows) {
      await sql`UPDATE staff SET totp_secret = ${seal.open(row.totp_secret_sealed, row.id)} WHERE id = ${row.id}::bigint`.execute(
        db,
      );
    }
  }
  await sql`ALTER TABLE staff DROP COLUMN totp_secret_sealed`.execute(db);
}

function needSecret(context: MigrationContext): string {
  if (!context.serverSecret)
    throw new Error('sealing staff TOTP secrets needs the server secret: run it as the server does (SECRET_KEY or DATA_DIR)');
  return context.serverSecret;
}

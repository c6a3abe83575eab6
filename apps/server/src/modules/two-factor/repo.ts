import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export function selectForUpdate(trx: Kysely<Database>, memberId: bigint) {
  return trx.selectFrom('member_two_factor').selectAll().where('member_id', '=', memberId).forUpdate().executeTakeFirst();
}

export async function isEnabled(db: Kysely<Database>, memberId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('member_two_factor')
    .select('member_id')
    .where('member_id', '=', memberId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function unusedRecoveryCodes(db: Kysely<Database>, memberId: bigint): Promise<number> {
  const row = await db
    .selectFrom('member_two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A fresh enrolment: a new secret, off until confirmed, nothing accepted yet. */
export async function upsertPending(trx: Kysely<Database>, memberId: bigint, secretSealed: Buffer) {
  await trx.deleteFrom('member_two_factor').where('member_id', '=', memberId).execute();
  await trx.insertInto('member_two_factor').values({ member_id: memberId, secret_sealed: secretSealed }).execute();
}

export async function enable(trx: Kysely<Database>, memberId: bigint, step: bigint, recoveryHashes: Buffer[]) {
  await trx
    .updateTable('member_two_factor')
    .set({ enabled_at: new Date(), last_step: step, failures: 0, locked_until: null })
    .where('member_id', '=', memberId)
    .execute();
  await trx
    .insertInto('member_two_factor_recovery_codes')
    .values(recoveryHashes.map((code_hash) => ({ member_id: memberId, code_hash })))
    .execute();
}

export async function acceptStep(trx: Kysely<Database>, memberId: bigint, step: bigint) {
  await trx
    .updateTable('member_two_factor')
    .set({ last_step: step, failures: 0, locked_until: null })
    .where('member_id', '=', memberId)
    .execute();
}

/** Uses a recovery code up; false when it is unknown or already used. */
export async function useRecoveryCode(trx: Kysely<Database>, memberId: bigint, codeHash: Buffer): Promise<boolean> {
  const used = await trx
    .updateTable('member_two_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('member_id')
    .executeTakeFirst();
  if (used) await trx.updateTable('member_two_factor').set({ failures: 0 }).where('member_id', '=', memberId).execute();
  return used !== undefined;
}

/** Counts a wrong code; the `limit`-th in a row locks the factor for `lockMs` and starts the count again. */
export async function countFailure(trx: Kysely<Database>, memberId: bigint, limit: number, lockMs: number) {
  await sql`
    UPDATE member_two_factor SET
      failures = CASE WHEN failures + 1 >= ${limit} THEN 0 ELSE failures + 1 END,
      locked_until = CASE WHEN failures + 1 >= ${limit} THEN now() + ${`${lockMs} milliseconds`}::interval ELSE locked_until END
    WHERE member_id = ${memberId}`.execute(trx);
}

/** Removes the factor and its recovery codes; answers whether it was on. */
export async function remove(trx: Kysely<Database>, memberId: bigint): Promise<boolean> {
  const removed = await trx
    .deleteFrom('member_two_factor')
    .where('member_id', '=', memberId)
    .returning('enabled_at')
    .executeTakeFirst();
  return removed?.enabled_at != null;
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function selectRole(db: Kysely<Database>, name: string) {
  return db.selectFrom('staff_roles').select(['name', 'permissions']).where('name', '=', name).executeTakeFirst();
}

export async function selectRoles(db: Kysely<Database>) {
  return db.selectFrom('staff_roles').select(['name', 'permissions']).orderBy('name').execute();
}

export async function updateRole(trx: Kysely<Database>, name: string, permissions: string[]) {
  const result = await trx
    .updateTable('staff_roles')
    .set({ permissions: sql<string[]>`${sql.val(permissions)}::text[]`, updated_at: new Date() })
    .where('name', '=', name)
    .executeTakeFirst();
  return (result.numUpdatedRows ?? 0n) > 0n;
}

export async function lockRole(trx: Kysely<Database>, name: string) {
  return trx.selectFrom('staff_roles').select(['name', 'permissions']).where('name', '=', name).forUpdate().executeTakeFirst();
}

/** Serialises role changes: the "someone keeps every permission" check sees every other change committed. */
export async function lockRoles(trx: Kysely<Database>) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('staff_roles'))`.execute(trx);
}

export async function insertRole(trx: Kysely<Database>, name: string, permissions: string[]): Promise<boolean> {
  const inserted = await trx
    .insertInto('staff_roles')
    .values({ name, permissions: sql<string[]>`${sql.val(permissions)}::text[]` })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function roleInUse(trx: Kysely<Database>, name: string): Promise<boolean> {
  const row = await trx.selectFrom('staff').select('id').where('role', '=', name).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteRole(trx: Kysely<Database>, name: string) {
  await trx.deleteFrom('staff_roles').where('name', '=', name).execute();
}

/** Enrolled, not disabled staff whose role holds every one of `permissions`. */
export async function countFullyPermittedStaff(trx: Kysely<Database>, permissions: readonly string[]): Promise<number> {
  const row = await trx
    .selectFrom('staff as s')
    .innerJoin('staff_roles as r', 'r.name', 's.role')
    .where('s.enrolled_at', 'is not', null)
    .where('s.disabled_at', 'is', null)
    .where(sql<boolean>`r.permissions @> ${sql.val([...permissions])}::text[]`)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertStaff(
  trx: Kysely<Database>,
  row: { name: string; role: string; enrolTokenHash: Buffer; enrolExpiresAt: Date; createdBy: string },
): Promise<bigint | null> {
  const inserted = await trx
    .insertInto('staff')
    .values({
      name: row.name,
      role: row.role,
      password_hash: null,
      totp_secret_sealed: null,
      totp_last_step: null,
      enrol_token_hash: row.enrolTokenHash,
      enrol_expires_at: row.enrolExpiresAt,
      enrolled_at: null,
      locked_until: null,
      disabled_at: null,
      created_by: row.createdBy,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

const STAFF_COLUMNS = [
  'id',
  'name',
  'role',
  'password_hash',
  'totp_secret_sealed',
  'totp_last_step',
  'enrol_expires_at',
  'enrolled_at',
  'failed_attempts',
  'locked_until',
  'disabled_at',
  'created_at',
  'created_by',
] as const;

export async function lockStaffByName(trx: Kysely<Database>, name: string) {
  return trx.selectFrom('staff').select(STAFF_COLUMNS).where('name', '=', name).forUpdate().executeTakeFirst();
}

export async function lockStaffById(trx: Kysely<Database>, id: bigint) {
  return trx.selectFrom('staff').select(STAFF_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function lockStaffByEnrolToken(trx: Kysely<Database>, tokenHash: Buffer) {
  return trx.selectFrom('staff').select(STAFF_COLUMNS).where('enrol_token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

export async function selectStaffList(db: Kysely<Database>) {
  return db.selectFrom('staff').select(STAFF_COLUMNS).orderBy('name').execute();
}

export async function updateStaff(
  trx: Kysely<Database>,
  id: bigint,
  changes: Partial<{
    password_hash: string;
    totp_secret_sealed: Buffer | null;
    totp_last_step: bigint;
    enrol_token_hash: Buffer | null;
    enrol_expires_at: Date | null;
    enrolled_at: Date;
    failed_attempts: number;
    locked_until: Date | null;
  }>,
) {
  await trx.updateTable('staff').set(changes).where('id', '=', id).execute();
}

export async function replaceRecoveryCodes(trx: Kysely<Database>, staffId: bigint, hashes: Buffer[]) {
  await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await trx
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, used_at: null })))
    .execute();
}

/** Marks an unused recovery code used; false when there is none such. */
export async function useRecoveryCode(trx: Kysely<Database>, staffId: bigint, codeHash: Buffer): Promise<boolean> {
  const result = await trx
    .updateTable('staff_recovery_codes')
    .set({ used_at: new Date() })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return (result.numUpdatedRows ?? 0n) > 0n;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, staffId: bigint): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSession(
  trx: Kysely<Database>,
  row: {
    tokenHash: Buffer;
    staffId: bigint;
    secondFactorDone: boolean;
    ip: string | null;
    userAgent: string | null;
    expiresAt: Date;
  },
): Promise<bigint> {
  const inserted = await trx
    .insertInto('staff_sessions')
    .values({
      token_hash: row.tokenHash,
      staff_id: row.staffId,
      second_factor_done: row.secondFactorDone,
      ip: row.ip,
      user_agent: row.userAgent,
      expires_at: row.expiresAt,
      ended_at: null,
      end_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A session that has not ended, with its staff member and their role's permissions. */
export async function selectLiveSession(db: Kysely<Database>, tokenHash: Buffer) {
  return db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as m', 'm.id', 's.staff_id')
    .innerJoin('staff_roles as r', 'r.name', 'm.role')
    .select([
      's.id as sessionId',
      's.second_factor_done',
      's.last_seen_at',
      's.expires_at',
      'm.id as staffId',
      'm.name',
      'm.role',
      'm.disabled_at',
      'r.permissions',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, sessionId: bigint, at: Date) {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function endSession(db: Kysely<Database>, sessionId: bigint, reason: string, staffId?: bigint): Promise<boolean> {
  let query = db
    .updateTable('staff_sessions')
    .set({ ended_at: new Date(), end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null);
  if (staffId !== undefined) query = query.where('staff_id', '=', staffId);
  const result = await query.executeTakeFirst();
  return (result.numUpdatedRows ?? 0n) > 0n;
}

export async function selectLiveSessions(db: Kysely<Database>, staffId: bigint, idleSince: Date, now: Date) {
  return db
    .selectFrom('staff_sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('staff_id', '=', staffId)
    .where('second_factor_done', '=', true)
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>=', idleSince)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

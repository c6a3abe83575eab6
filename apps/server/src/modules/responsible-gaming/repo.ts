import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DepositLimitTable, ExclusionTable } from './tables.js';

export type LimitRow = Pick<
  DepositLimitTable,
  'period' | 'limit_minor' | 'pending' | 'pending_limit_minor' | 'pending_effective_at'
>;
export type ExclusionRow = Pick<ExclusionTable, 'kind' | 'duration' | 'ends_at'> & { id: bigint; starts_at: Date };

const LIMIT_COLUMNS = ['period', 'limit_minor', 'pending', 'pending_limit_minor', 'pending_effective_at'] as const;

/** With `lock`, the rows stay locked to the caller's transaction: concurrent deposit checks then queue. */
export function selectLimits(db: Kysely<Database>, memberId: bigint, lock = false): Promise<LimitRow[]> {
  const query = db.selectFrom('rg_deposit_limits').select(LIMIT_COLUMNS).where('member_id', '=', memberId).orderBy('period');
  return lock ? query.forUpdate().execute() : query.execute();
}

export async function upsertLimit(db: Kysely<Database>, merchantCode: string, memberId: bigint, row: LimitRow): Promise<void> {
  await db
    .insertInto('rg_deposit_limits')
    .values({ member_id: memberId, merchant_code: merchantCode, ...row })
    .onConflict((oc) =>
      oc.columns(['member_id', 'period']).doUpdateSet({
        limit_minor: row.limit_minor,
        pending: row.pending,
        pending_limit_minor: row.pending_limit_minor,
        pending_effective_at: row.pending_effective_at,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function ensureLimitRow(db: Kysely<Database>, merchantCode: string, memberId: bigint, row: LimitRow) {
  await db
    .insertInto('rg_deposit_limits')
    .values({ member_id: memberId, merchant_code: merchantCode, ...row })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The exclusion in force at `now`, the one ending last (a permanent one first) when several overlap. */
export function selectOpenExclusion(db: Kysely<Database>, memberId: bigint, now: Date): Promise<ExclusionRow | undefined> {
  return db
    .selectFrom('rg_exclusions')
    .select(['id', 'kind', 'duration', 'starts_at', 'ends_at'])
    .where('member_id', '=', memberId)
    .where('lifted_at', 'is', null)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy(sql`ends_at DESC NULLS FIRST`)
    .limit(1)
    .executeTakeFirst();
}

/** Every exclusion not lifted that is in force at `now` or starts later: what decides every later moment too. */
export function selectExclusionsFrom(db: Kysely<Database>, memberId: bigint, now: Date): Promise<ExclusionRow[]> {
  return db
    .selectFrom('rg_exclusions')
    .select(['id', 'kind', 'duration', 'starts_at', 'ends_at'])
    .where('member_id', '=', memberId)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();
}

export async function insertExclusion(
  db: Kysely<Database>,
  row: {
    memberId: bigint;
    merchantCode: string;
    kind: ExclusionRow['kind'];
    duration: ExclusionRow['duration'];
    startsAt: Date;
    endsAt: Date | null;
  },
): Promise<void> {
  await db
    .insertInto('rg_exclusions')
    .values({
      member_id: row.memberId,
      merchant_code: row.merchantCode,
      kind: row.kind,
      duration: row.duration,
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      lifted_at: null,
      lifted_by: null,
    })
    .execute();
}

/** Lifts every open exclusion of the member, or only its time-outs; returns how many. */
export async function liftExclusions(
  db: Kysely<Database>,
  memberId: bigint,
  actor: string,
  now: Date,
  kind?: ExclusionRow['kind'],
): Promise<number> {
  let query = db
    .updateTable('rg_exclusions')
    .set({ lifted_at: now, lifted_by: actor })
    .where('member_id', '=', memberId)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.returning('id').execute();
  return rows.length;
}

export async function insertAudit(
  db: Kysely<Database>,
  entry: { merchantCode: string; memberId: bigint; actor: string; action: string; detail: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('rg_audit')
    .values({
      merchant_code: entry.merchantCode,
      member_id: entry.memberId,
      actor: entry.actor,
      action: entry.action,
      detail: JSON.stringify(entry.detail),
    })
    .execute();
}

export function selectAudit(db: Kysely<Database>, memberId: bigint, limit: number) {
  return db
    .selectFrom('rg_audit')
    .select(['actor', 'action', 'detail', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Read-only lookup of an account of the merchant (the accounts module owns the table). */
export function selectMemberId(db: Kysely<Database>, merchantCode: string, account: string) {
  return db
    .selectFrom('members')
    .select(['id', 'account'])
    .where('merchant_code', '=', merchantCode)
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MoneyActionStatus } from './tables.js';

const COLUMNS = [
  'id',
  'merchant_code',
  'kind',
  'target',
  'amount_minor',
  'detail',
  'reason',
  'request_key',
  'status',
  'requested_by_id',
  'requested_by',
  'requested_at',
  'decided_by_id',
  'decided_by',
  'decided_at',
  'reject_reason',
] as const;

export type ActionRow = NonNullable<Awaited<ReturnType<typeof selectById>>>;

export function selectById(db: Kysely<Database>, merchant: string, id: bigint) {
  return db
    .selectFrom('money_actions')
    .select(COLUMNS)
    .where('merchant_code', '=', merchant)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locks the action: every decision on it is serialised on this row, across instances. */
export function lockById(db: Kysely<Database>, merchant: string, id: bigint) {
  return db
    .selectFrom('money_actions')
    .select(COLUMNS)
    .where('merchant_code', '=', merchant)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The live (not rejected) action of a request, if one was made. */
export function selectLiveByRequest(db: Kysely<Database>, merchant: string, kind: string, requestKey: string) {
  return db
    .selectFrom('money_actions')
    .select(COLUMNS)
    .where('merchant_code', '=', merchant)
    .where('kind', '=', kind)
    .where('request_key', '=', requestKey)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
}

export interface NewAction {
  merchant: string;
  kind: string;
  target: string;
  amount: bigint;
  detail: Record<string, string>;
  reason: string | null;
  requestKey: string;
  staffId: bigint;
  staffName: string;
}

/** Inserts a pending action; null when a live one of the same request exists (a concurrent twin won). */
export async function insertPending(db: Kysely<Database>, action: NewAction) {
  const row = await sql<{ id: bigint }>`
    INSERT INTO money_actions (merchant_code, kind, target, amount_minor, detail, reason, request_key, status,
      requested_by_id, requested_by)
    VALUES (${action.merchant}, ${action.kind}, ${action.target}, ${action.amount}, ${JSON.stringify(action.detail)}::jsonb,
      ${action.reason}, ${action.requestKey}, 'pending', ${action.staffId}, ${action.staffName})
    ON CONFLICT (merchant_code, kind, request_key) WHERE status <> 'rejected' DO NOTHING
    RETURNING id`.execute(db);
  return row.rows[0]?.id ?? null;
}

export async function decide(
  db: Kysely<Database>,
  id: bigint,
  decision: { status: Exclude<MoneyActionStatus, 'pending'>; staffId: bigint; staffName: string; rejectReason: string | null },
) {
  await db
    .updateTable('money_actions')
    .set({
      status: decision.status,
      decided_by_id: decision.staffId,
      decided_by: decision.staffName,
      decided_at: new Date(),
      reject_reason: decision.rejectReason,
    })
    .where('id', '=', id)
    .execute();
}

export interface ActionFilter {
  merchant: string;
  kinds: readonly string[];
  status?: MoneyActionStatus;
  requestKeys?: readonly string[];
}

const filtered = (db: Kysely<Database>, filter: ActionFilter) => {
  let query = db.selectFrom('money_actions').where('merchant_code', '=', filter.merchant);
  query = filter.kinds.length ? query.where('kind', 'in', filter.kinds) : query.where(sql<boolean>`false`);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.requestKeys) {
    query = filter.requestKeys.length ? query.where('request_key', 'in', filter.requestKeys) : query.where(sql<boolean>`false`);
  }
  return query;
};

export async function selectPage(db: Kysely<Database>, filter: ActionFilter, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    filtered(db, filter).select(COLUMNS).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    filtered(db, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export async function count(db: Kysely<Database>, filter: ActionFilter): Promise<number> {
  return (await filtered(db, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
}

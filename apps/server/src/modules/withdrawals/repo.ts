import type { WithdrawalStatus } from '@tessera/contract/api/withdrawals';
import { type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WithdrawalTable } from './tables.js';

export const OPEN_STATUSES: WithdrawalStatus[] = [
  'pending',
  'paying_out',
  'awaiting_confirmation',
  'partially_received',
  'disputed',
];

const COLUMNS = [
  'w.id',
  'w.merchant_code',
  'w.member_id',
  'w.request_id',
  'w.payout_account_id',
  'w.account_type',
  'w.account_provider',
  'w.account_holder',
  'w.account_masked',
  'w.amount_minor',
  'w.received_minor',
  'w.status',
  'w.completion',
  'w.hold_transfer_id',
  'w.reject_reason',
  'w.dispute_note',
  'w.decided_by',
  'w.created_at',
  'w.paid_at',
  'w.auto_receipt_at',
  'w.completed_at',
] as const;

const base = (db: Kysely<Database>) =>
  db
    .selectFrom('withdrawals as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .select(COLUMNS)
    .select('m.account as member_account')
    .select((eb) =>
      eb.exists(eb.selectFrom('withdrawal_proofs as p').select('p.id').whereRef('p.withdrawal_id', '=', 'w.id')).as('has_proof'),
    );

export type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof selectById>>>;

export function selectById(db: Kysely<Database>, merchant: string, id: bigint) {
  return base(db).where('w.merchant_code', '=', merchant).where('w.id', '=', id).executeTakeFirst();
}

/** Locks the row for a state change; `memberId` narrows it to the member's own withdrawals. */
export async function lockById(db: Kysely<Database>, merchant: string, id: bigint, memberId?: bigint) {
  let query = db.selectFrom('withdrawals').select('id').where('merchant_code', '=', merchant).where('id', '=', id);
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  const locked = await query.forUpdate().executeTakeFirst();
  return locked ? selectById(db, merchant, id) : undefined;
}

export function selectByRequest(db: Kysely<Database>, merchant: string, memberId: bigint, requestId: string) {
  return base(db)
    .where('w.merchant_code', '=', merchant)
    .where('w.member_id', '=', memberId)
    .where('w.request_id', '=', requestId)
    .executeTakeFirst();
}

export function selectPage(db: Kysely<Database>, merchant: string, memberId: bigint, page: number, size: number) {
  return base(db)
    .where('w.merchant_code', '=', merchant)
    .where('w.member_id', '=', memberId)
    .orderBy('w.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

export async function countForMember(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_code', '=', merchant)
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectForOperator(db: Kysely<Database>, merchant: string, status: WithdrawalStatus | undefined, limit: number) {
  let query = base(db).where('w.merchant_code', '=', merchant);
  if (status) query = query.where('w.status', '=', status);
  return query.orderBy('w.id', 'desc').limit(limit).execute();
}

/** Requested today (UTC), refused ones excluded: what the daily limit counts. */
/** The UTC day's requests of a member that were not rejected: their sum and how many. */
export async function usedToday(
  db: Kysely<Database>,
  merchant: string,
  memberId: bigint,
): Promise<{ amount: bigint; count: number }> {
  const row = await sql<{ total: bigint | null; n: number }>`
    SELECT sum(amount_minor)::bigint AS total, count(*)::int AS n FROM withdrawals
    WHERE merchant_code = ${merchant} AND member_id = ${memberId} AND status <> 'rejected'
      AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`.execute(db);
  return { amount: row.rows[0]?.total ?? 0n, count: row.rows[0]?.n ?? 0 };
}

export async function insert(
  db: Kysely<Database>,
  row: Pick<
    WithdrawalTable,
    | 'merchant_code'
    | 'member_id'
    | 'request_id'
    | 'payout_account_id'
    | 'account_type'
    | 'account_provider'
    | 'account_holder'
    | 'account_masked'
    | 'amount_minor'
  >,
): Promise<bigint> {
  const inserted = await db
    .insertInto('withdrawals')
    .values({ ...row, status: 'pending', completion: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function update(db: Kysely<Database>, id: bigint, changes: Updateable<WithdrawalTable>) {
  await db.updateTable('withdrawals').set(changes).where('id', '=', id).execute();
}

export async function openToAccount(db: Kysely<Database>, accountId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('payout_account_id', '=', accountId)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countProofs(db: Kysely<Database>, withdrawalId: bigint): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_proofs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProof(
  db: Kysely<Database>,
  proof: { withdrawal_id: bigint; mime: 'image/png' | 'image/jpeg'; size_bytes: number; sha256: Buffer; data: Buffer },
) {
  await db.insertInto('withdrawal_proofs').values(proof).execute();
}

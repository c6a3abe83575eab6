import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReconciliationItemTable, ReconciliationRunTable } from './tables.js';

/** Merchants with a channel on the provider (active or not: a disabled channel's last payments still settle). */
export async function merchantsOn(db: Kysely<Database>, provider: string): Promise<string[]> {
  const rows = await db
    .selectFrom('deposit_channels')
    .select('merchant_code')
    .distinct()
    .where('gateway', '=', provider)
    .execute();
  return rows.map((row) => row.merchant_code);
}

export type StatementOrder = NonNullable<Awaited<ReturnType<typeof orderOfPayment>>>;

/** The deposit order behind a provider's payment id, as the ledger sees it. */
export function orderOfPayment(db: Kysely<Database>, merchant: string, provider: string, providerPaymentId: string) {
  return db
    .selectFrom('gateway_payments as p')
    .innerJoin('deposit_orders as o', 'o.id', 'p.order_id')
    .select([
      'o.id',
      'o.status',
      'o.amount_minor',
      'o.review',
      'o.channel_id',
      'o.decided_at',
      'p.currency',
      'p.provider_payment_id',
    ])
    .where('p.merchant_code', '=', merchant)
    .where('p.provider', '=', provider)
    .where('p.provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

/** Gateway deposit orders credited in [from, to). */
export function creditedOrders(db: Kysely<Database>, merchant: string, provider: string, from: Date, to: Date) {
  return db
    .selectFrom('gateway_payments as p')
    .innerJoin('deposit_orders as o', 'o.id', 'p.order_id')
    .select([
      'o.id',
      'o.status',
      'o.amount_minor',
      'o.review',
      'o.channel_id',
      'o.decided_at',
      'p.currency',
      'p.provider_payment_id',
    ])
    .where('p.merchant_code', '=', merchant)
    .where('p.provider', '=', provider)
    .where('o.status', '=', 'approved')
    .where('o.decided_at', '>=', from)
    .where('o.decided_at', '<', to)
    .execute();
}

export type StatementPayout = NonNullable<Awaited<ReturnType<typeof payoutOfProvider>>>;

export function payoutOfProvider(db: Kysely<Database>, merchant: string, provider: string, providerPayoutId: string) {
  return db
    .selectFrom('gateway_payouts')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('provider', '=', provider)
    .where('provider_payout_id', '=', providerPayoutId)
    .executeTakeFirst();
}

/** Payouts the provider reported paid in [from, to). */
export function paidPayouts(db: Kysely<Database>, merchant: string, provider: string, from: Date, to: Date) {
  return db
    .selectFrom('gateway_payouts')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('provider', '=', provider)
    .where('state', '=', 'paid')
    .where('settled_at', '>=', from)
    .where('settled_at', '<', to)
    .execute();
}

const CALLBACK_EVIDENCE = ['event', 'outcome', 'event_key', 'amount_minor', 'currency', 'received_at', 'source_ip'] as const;

export function callbacksOfOrder(db: Kysely<Database>, orderId: bigint) {
  return db.selectFrom('gateway_callbacks').select(CALLBACK_EVIDENCE).where('order_id', '=', orderId).orderBy('id').execute();
}

export function callbacksOfWithdrawal(db: Kysely<Database>, withdrawalId: bigint) {
  return db
    .selectFrom('gateway_callbacks')
    .select(CALLBACK_EVIDENCE)
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('id')
    .execute();
}

/** Records a mismatch unless the same one is on record (a run again, or the daily job after staff's run). */
export async function insertItem(db: Kysely<Database>, item: Insertable<ReconciliationItemTable>) {
  await db
    .insertInto('reconciliation_items')
    .values(item)
    .onConflict((conflict) =>
      conflict.columns(['merchant_code', 'provider', 'direction', 'reference', 'provider_txn_id', 'kind']).doNothing(),
    )
    .execute();
}

export async function upsertRun(db: Kysely<Database>, run: Insertable<ReconciliationRunTable>) {
  await db
    .insertInto('reconciliation_runs')
    .values(run)
    .onConflict((conflict) =>
      conflict
        .columns(['merchant_code', 'provider', 'day'])
        .doUpdateSet({ lines: run.lines, mismatches: run.mismatches, ran_at: new Date() }),
    )
    .execute();
}

export function selectItems(db: Kysely<Database>, merchant: string, status: 'open' | 'resolved' | undefined) {
  let query = db
    .selectFrom('reconciliation_items as r')
    .leftJoin('deposit_channels as c', 'c.id', 'r.channel_id')
    .select([
      'r.id',
      sql<string>`to_char(r.day, 'YYYY-MM-DD')`.as('day'),
      'r.provider',
      'c.code as channel',
      'r.kind',
      'r.direction',
      'r.reference',
      'r.provider_txn_id',
      'r.provider_amount_minor',
      'r.ledger_amount_minor',
      'r.currency',
      'r.evidence',
      'r.status',
      'r.resolution',
      'r.resolved_by',
      'r.resolved_at',
      'r.created_at',
    ])
    .where('r.merchant_code', '=', merchant);
  if (status) query = query.where('r.status', '=', status);
  return query.orderBy('r.id', 'desc').limit(200).execute();
}

export function lockItem(db: Kysely<Database>, merchant: string, id: bigint) {
  return db
    .selectFrom('reconciliation_items')
    .select(['id', 'status', 'kind', 'reference'])
    .where('merchant_code', '=', merchant)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function resolveItem(db: Kysely<Database>, id: bigint, by: string, note: string) {
  await db
    .updateTable('reconciliation_items')
    .set({ status: 'resolved', resolution: note, resolved_by: by, resolved_at: new Date() })
    .where('id', '=', id)
    .execute();
}

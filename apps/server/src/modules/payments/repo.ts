import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CallbackOutcome, GatewayCallbackTable, GatewayPayoutTable } from './tables.js';

export async function insertPayment(
  db: Kysely<Database>,
  payment: {
    orderId: bigint;
    merchant: string;
    provider: string;
    providerPaymentId: string;
    amountMinor: bigint;
    currency: string;
  },
) {
  await db
    .insertInto('gateway_payments')
    .values({
      order_id: payment.orderId,
      merchant_code: payment.merchant,
      provider: payment.provider,
      provider_payment_id: payment.providerPaymentId,
      amount_minor: payment.amountMinor,
      currency: payment.currency,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

export function selectPayment(db: Kysely<Database>, provider: string, providerPaymentId: string) {
  return db
    .selectFrom('gateway_payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

export function selectPaymentOfOrder(db: Kysely<Database>, orderId: bigint) {
  return db.selectFrom('gateway_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

type NewCallback = Insertable<GatewayCallbackTable>;

/**
 * Records a callback unless one with the same provider and event key exists: false for a duplicate. Two
 * deliveries of one event at once wait on the unique index until the first commits, so exactly one records.
 */
export async function insertCallback(db: Kysely<Database>, callback: NewCallback): Promise<bigint | null> {
  const row = await db
    .insertInto('gateway_callbacks')
    .values(callback)
    .onConflict((conflict) => conflict.columns(['provider', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setOutcome(db: Kysely<Database>, id: bigint, outcome: CallbackOutcome) {
  await db.updateTable('gateway_callbacks').set({ outcome }).where('id', '=', id).execute();
}

export function selectCallbacks(
  db: Kysely<Database>,
  filter: { orderId?: bigint; merchant?: string; discrepanciesOnly?: boolean },
) {
  let query = db.selectFrom('gateway_callbacks').selectAll();
  if (filter.orderId !== undefined) query = query.where('order_id', '=', filter.orderId);
  if (filter.merchant !== undefined) query = query.where('merchant_code', '=', filter.merchant);
  if (filter.discrepanciesOnly) query = query.where('outcome', 'not in', ['credited', 'failed', 'ignored']);
  return query.orderBy('id', 'desc').limit(200).execute();
}

export async function countCallbacks(db: Kysely<Database>, provider: string, eventKey: string) {
  const row = await db
    .selectFrom('gateway_callbacks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('provider', '=', provider)
    .where('event_key', '=', eventKey)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The merchant's active gateway channels that pay out to accounts of `accountType`, in display order. */
export function payoutChannels(db: Kysely<Database>, merchant: string, accountType: 'bank' | 'ewallet') {
  return db
    .selectFrom('deposit_channels')
    .select(['id', 'gateway', 'currency'])
    .where('merchant_code', '=', merchant)
    .where('status', '=', 'active')
    .where('payout_account_type', '=', accountType)
    .where('gateway', 'is not', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function insertPayout(db: Kysely<Database>, payout: Insertable<GatewayPayoutTable>) {
  await db.insertInto('gateway_payouts').values(payout).execute();
}

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof selectPayout>>>;

export function selectPayout(db: Kysely<Database>, withdrawalId: bigint) {
  return db.selectFrom('gateway_payouts').selectAll().where('withdrawal_id', '=', withdrawalId).executeTakeFirst();
}

/** The payout row, locked: its job, its callbacks and staff's check settle it one at a time. */
export function lockPayout(db: Kysely<Database>, withdrawalId: bigint) {
  return db.selectFrom('gateway_payouts').selectAll().where('withdrawal_id', '=', withdrawalId).forUpdate().executeTakeFirst();
}

export async function updatePayout(db: Kysely<Database>, withdrawalId: bigint, changes: Updateable<GatewayPayoutTable>) {
  await db.updateTable('gateway_payouts').set(changes).where('withdrawal_id', '=', withdrawalId).execute();
}

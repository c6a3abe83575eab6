import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DepositChannelKind, DepositHistory, DepositOrderStatus } from './tables.js';

const CHANNEL_COLUMNS = [
  'id',
  'code',
  'kind',
  'gateway',
  'names',
  'instructions',
  'account_details',
  'min_minor',
  'max_minor',
  'quick_amounts',
  'sort_order',
  'status',
  'fee_bps',
  'fee_fixed_minor',
  'currency',
  'payment_minutes',
  'min_vip_level',
  'deposit_history',
  'logo',
  'payout_account_type',
] as const;

export function selectChannels(db: Kysely<Database>, merchant: string, activeOnly: boolean) {
  let query = db.selectFrom('deposit_channels').select(CHANNEL_COLUMNS).where('merchant_code', '=', merchant);
  if (activeOnly) query = query.where('status', '=', 'active');
  return query.orderBy('sort_order').orderBy('id').execute();
}

export function selectChannel(db: Kysely<Database>, merchant: string, code: string) {
  return db
    .selectFrom('deposit_channels')
    .select(CHANNEL_COLUMNS)
    .where('merchant_code', '=', merchant)
    .where('code', '=', code)
    .executeTakeFirst();
}

export type ChannelRow = NonNullable<Awaited<ReturnType<typeof selectChannel>>>;

export interface NewChannel {
  merchant: string;
  code: string;
  kind: DepositChannelKind;
  gateway: string | null;
  names: Record<string, string>;
  instructions: Record<string, string>;
  accountDetails: { label: string; value: string }[];
  minMinor: bigint;
  maxMinor: bigint;
  quickAmountsMinor: bigint[];
  sortOrder: number;
  feeBps?: number;
  feeFixedMinor?: bigint;
  currency?: string | null;
  paymentMinutes?: number;
  minVipLevel?: number;
  depositHistory?: DepositHistory;
  logo?: string | null;
  payoutAccountType?: 'bank' | 'ewallet' | null;
}

/** Who may use a channel and how it shows, as stored (a field left out is the column's default). */
const audienceColumns = (channel: NewChannel) => ({
  min_vip_level: channel.minVipLevel ?? 0,
  deposit_history: channel.depositHistory ?? 'any',
  logo: channel.logo ?? null,
  payout_account_type: channel.payoutAccountType ?? null,
});

/** Inserts a channel; false when the merchant already has one with this code. */
export async function insertChannel(db: Kysely<Database>, channel: NewChannel): Promise<boolean> {
  const row = await db
    .insertInto('deposit_channels')
    .values({
      merchant_code: channel.merchant,
      code: channel.code,
      kind: channel.kind,
      gateway: channel.gateway,
      names: JSON.stringify(channel.names),
      instructions: JSON.stringify(channel.instructions),
      account_details: JSON.stringify(channel.accountDetails),
      min_minor: channel.minMinor,
      max_minor: channel.maxMinor,
      quick_amounts: JSON.stringify(channel.quickAmountsMinor.map(String)),
      sort_order: channel.sortOrder,
      fee_bps: channel.feeBps ?? 0,
      fee_fixed_minor: channel.feeFixedMinor ?? 0n,
      currency: channel.currency ?? null,
      payment_minutes: channel.paymentMinutes ?? 15,
      ...audienceColumns(channel),
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'code']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes an existing channel (its code and kind stay); false when the merchant has none with this code. */
export async function updateChannel(db: Kysely<Database>, channel: NewChannel & { status: 'active' | 'disabled' }) {
  const result = await db
    .updateTable('deposit_channels')
    .set({
      gateway: channel.gateway,
      names: JSON.stringify(channel.names),
      instructions: JSON.stringify(channel.instructions),
      min_minor: channel.minMinor,
      max_minor: channel.maxMinor,
      quick_amounts: JSON.stringify(channel.quickAmountsMinor.map(String)),
      sort_order: channel.sortOrder,
      fee_bps: channel.feeBps ?? 0,
      fee_fixed_minor: channel.feeFixedMinor ?? 0n,
      currency: channel.currency ?? null,
      payment_minutes: channel.paymentMinutes ?? 15,
      ...audienceColumns(channel),
      status: channel.status,
    })
    .where('merchant_code', '=', channel.merchant)
    .where('code', '=', channel.code)
    .where('kind', '=', channel.kind)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setChannelStatus(db: Kysely<Database>, merchant: string, code: string, status: 'active' | 'disabled') {
  const result = await db
    .updateTable('deposit_channels')
    .set({ status })
    .where('merchant_code', '=', merchant)
    .where('code', '=', code)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const ORDER_COLUMNS = [
  'o.id',
  'o.merchant_code',
  'o.member_id',
  'o.amount_minor',
  'o.reference',
  'o.status',
  'o.reason',
  'o.created_at',
  'o.decided_at',
  'o.decided_by',
  'o.payment_action',
  'o.expires_at',
  'o.review',
  'o.fee_minor',
  'c.code as channel_code',
  'c.names as channel_names',
  'c.gateway as channel_gateway',
] as const;

const orders = (db: Kysely<Database>) =>
  db
    .selectFrom('deposit_orders as o')
    .innerJoin('deposit_channels as c', 'c.id', 'o.channel_id')
    .select(ORDER_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('deposit_proofs as p')
        .whereRef('p.order_id', '=', 'o.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('proof_count'),
    );

export function selectOrder(db: Kysely<Database>, merchant: string, id: bigint) {
  return orders(db).where('o.merchant_code', '=', merchant).where('o.id', '=', id).executeTakeFirst();
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof selectOrder>>>;

export function selectOrderByRequest(db: Kysely<Database>, memberId: bigint, requestId: string) {
  return orders(db).where('o.member_id', '=', memberId).where('o.request_id', '=', requestId).executeTakeFirst();
}

export function selectMemberOrders(db: Kysely<Database>, merchant: string, memberId: bigint, offset: number, limit: number) {
  return orders(db)
    .where('o.merchant_code', '=', merchant)
    .where('o.member_id', '=', memberId)
    .orderBy('o.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countMemberOrders(db: Kysely<Database>, merchant: string, memberId: bigint, status?: DepositOrderStatus) {
  let query = db
    .selectFrom('deposit_orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('merchant_code', '=', merchant)
    .where('member_id', '=', memberId);
  if (status) query = query.where('status', '=', status);
  return (await query.executeTakeFirstOrThrow()).n;
}

export function selectOrdersForOperator(
  db: Kysely<Database>,
  merchant: string,
  status: DepositOrderStatus | undefined,
  limit: number,
) {
  let query = orders(db)
    .innerJoin('members as m', 'm.id', 'o.member_id')
    .select('m.account as member_account')
    .where('o.merchant_code', '=', merchant);
  if (status) query = query.where('o.status', '=', status);
  return query.orderBy('o.id', 'desc').limit(limit).execute();
}

export async function insertOrder(
  db: Kysely<Database>,
  order: {
    merchant: string;
    memberId: bigint;
    channelId: bigint;
    requestId: string;
    amountMinor: bigint;
    reference: string | null;
    expiresAt?: Date | null;
    feeMinor?: bigint;
  },
): Promise<bigint | null> {
  const row = await db
    .insertInto('deposit_orders')
    .values({
      merchant_code: order.merchant,
      member_id: order.memberId,
      channel_id: order.channelId,
      request_id: order.requestId,
      amount_minor: order.amountMinor,
      reference: order.reference,
      expires_at: order.expiresAt ?? null,
      fee_minor: order.feeMinor ?? 0n,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Locks the order row: every decision on one order is serialised on it, across instances. */
export function lockOrder(db: Kysely<Database>, merchant: string, id: bigint) {
  return db
    .selectFrom('deposit_orders')
    .select(['id', 'member_id', 'status', 'amount_minor', 'channel_id', 'expires_at', 'review'])
    .where('merchant_code', '=', merchant)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideOrder(
  db: Kysely<Database>,
  id: bigint,
  decision: { status: Exclude<DepositOrderStatus, 'pending'>; reason: string | null; actor: string; transferId: bigint | null },
) {
  await db
    .updateTable('deposit_orders')
    .set({
      status: decision.status,
      reason: decision.reason,
      decided_by: decision.actor,
      decided_at: new Date(),
      ledger_transfer_id: decision.transferId,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function setPaymentAction(db: Kysely<Database>, id: bigint, action: unknown) {
  await db
    .updateTable('deposit_orders')
    .set({ payment_action: JSON.stringify(action) })
    .where('id', '=', id)
    .execute();
}

export async function setReview(db: Kysely<Database>, id: bigint, review: string) {
  await db.updateTable('deposit_orders').set({ review }).where('id', '=', id).where('status', '=', 'pending').execute();
}

export function selectChannelById(db: Kysely<Database>, id: bigint) {
  return db.selectFrom('deposit_channels').select(CHANNEL_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function insertProofs(
  db: Kysely<Database>,
  orderId: bigint,
  firstPosition: number,
  images: { mime: string; bytes: Buffer; sha256: Buffer }[],
) {
  if (images.length === 0) return;
  await db
    .insertInto('deposit_proofs')
    .values(
      images.map((image, index) => ({
        order_id: orderId,
        position: firstPosition + index,
        mime: image.mime,
        size_bytes: image.bytes.length,
        sha256: image.sha256,
        data: image.bytes,
      })),
    )
    .execute();
}

export async function countProofs(db: Kysely<Database>, orderId: bigint): Promise<number> {
  const row = await db
    .selectFrom('deposit_proofs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the member has a credited deposit (a channel offered for the first deposit only is not for them). */
export async function hasCreditedDeposit(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_orders')
    .select('id')
    .where('merchant_code', '=', merchant)
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

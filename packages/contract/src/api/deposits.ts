import { type Static, Type } from 'typebox';
import * as routes from '../routes/deposits.js';
import { defineCall } from './call.js';
import { MinorAmount, PositiveMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/*
 * Deposits (spec §1 wallet functions, §4 notifications; the `depositv2` page). The player picks an
 * operator-configured channel, enters an amount within its limits and, for a bank or e-wallet transfer, the
 * payment reference and up to three proof images; the operator approves or rejects the order. Instant channels
 * go through a payment-gateway adapter (the demo merchant's is play money and credits at once).
 */

export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected', 'failed', 'expired'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const DepositChannel = Type.Object({
  code: Type.String(),
  kind: Type.Union([Type.Literal('bank'), Type.Literal('ewallet'), Type.Literal('instant')]),
  name: Type.String({ description: "In the request's language, else English" }),
  instructions: Type.String(),
  accountDetails: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  minMinor: MinorAmount,
  maxMinor: MinorAmount,
  quickAmountsMinor: Type.Array(MinorAmount),
  /** Credited at once by a payment gateway: no reference or proof to give. */
  instant: Type.Boolean(),
  playMoney: Type.Boolean({ description: 'Demo channel: credits play money, not real money' }),
  /** Paid on the payment provider's own page; the order settles when the provider reports the payment. */
  hosted: Type.Boolean(),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  /** Minutes the player has to pay on the provider's page before the order expires (hosted channels). */
  paymentMinutes: Type.Integer({ minimum: 1 }),
  logo: Type.Enum(routes.CHANNEL_LOGOS, { description: 'The channel logo the web app ships under /channel-logos/<logo>.svg' }),
});
export type DepositChannel = Static<typeof DepositChannel>;

export const listDepositChannels = defineCall(routes.listDepositChannels, {
  tags: ['deposit'],
  summary: 'The deposit channels the merchant offers, with limits, quick amounts, account details and instructions',
  value: Type.Object({ channels: Type.Array(DepositChannel) }),
});

/** What the player does to pay a hosted-channel order: go to the provider's page, scan a code, open the wallet app, or transfer. */
export const PayerAction = Type.Union([
  Type.Object({ kind: Type.Literal('redirect'), url: Type.String({ maxLength: 2000 }) }),
  Type.Object({ kind: Type.Literal('qr'), data: Type.String({ maxLength: 2000 }) }),
  Type.Object({ kind: Type.Literal('deeplink'), url: Type.String({ maxLength: 2000 }) }),
  Type.Object({
    kind: Type.Literal('instructions'),
    lines: Type.Array(Type.Object({ label: Type.String(), value: Type.String() }), { maxItems: 10 }),
  }),
]);
export type PayerAction = Static<typeof PayerAction>;

/** Why a hosted-channel order waits for staff instead of settling: the provider reported another amount or currency. */
export const DEPOSIT_REVIEWS = ['amount_mismatch'] as const;

export const DepositOrder = Type.Object({
  id: Type.String(),
  channel: Type.String({ description: 'Channel code' }),
  channelName: Type.String(),
  amountMinor: MinorAmount,
  reference: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(DEPOSIT_STATUSES),
  reason: Type.Union([Type.String(), Type.Null()], { description: "The operator's reason for a rejection" }),
  proofCount: Type.Integer({ minimum: 0, maximum: 3 }),
  createdAt: Type.Integer({ description: 'Epoch ms' }),
  decidedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** A hosted-channel order's way to pay and its deadline; null for other channels. */
  payment: Type.Union([Type.Object({ action: PayerAction, expiresAt: Type.Integer({ description: 'Epoch ms' }) }), Type.Null()]),
  review: Type.Union([Type.Enum(DEPOSIT_REVIEWS), Type.Null()]),
});
export type DepositOrder = Static<typeof DepositOrder>;

export const CreateDepositBody = Type.Object(
  {
    channel: Type.String({ pattern: '^[a-z0-9_-]{2,32}$' }),
    amountMinor: PositiveMinorAmount,
    reference: Type.Optional(Type.String({ maxLength: 100, description: 'Payer number or transaction id of the transfer' })),
    requestId: Type.String({
      pattern: '^[A-Za-z0-9-]{8,64}$',
      description: 'Client-chosen id: repeating it answers the same order instead of creating another',
    }),
  },
  { additionalProperties: false },
);
export type CreateDepositBody = Static<typeof CreateDepositBody>;

export const createDeposit = defineCall(routes.createDeposit, {
  tags: ['deposit'],
  summary:
    'Creates a deposit order; an instant channel credits it before answering (status approved), a hosted one answers with the way to pay',
  body: CreateDepositBody,
  value: DepositOrder,
});

export const listDepositOrders = defineCall(routes.listDepositOrders, {
  tags: ['deposit'],
  summary: "The member's own deposit orders, newest first",
  querystring: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
      size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ list: Type.Array(DepositOrder), total: Type.Integer({ minimum: 0 }) }),
});

export const getDepositOrder = defineCall(routes.getDepositOrder, {
  tags: ['deposit'],
  summary: "One of the member's own deposit orders (a hosted payment's progress); another member's answers as not found",
  querystring: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: DepositOrder,
});

/** Multipart field of the proof images. */
export const DEPOSIT_PROOF_FIELD = 'images';

export const uploadDepositProof = defineCall(routes.uploadDepositProof, {
  tags: ['deposit'],
  summary: 'Adds proof images (multipart `images`: png/jpg by content, ≤5 MB each, ≤3 per order) to a pending order',
  querystring: Type.Object({ orderId: RowId }, { additionalProperties: false }),
  value: DepositOrder,
});

export const depositCalls = [listDepositChannels, createDeposit, listDepositOrders, getDepositOrder, uploadDepositProof];

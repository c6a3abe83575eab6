import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-money.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { MinorAmount, NonNegativeMinorAmount, PositiveMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/** The back office's money desk: deposit and withdrawal queues, adjustments, bonus grants, four-eyes approvals. */

const TAGS = ['back-office'];
const bypassesGate = true;

/** A reason staff give for a decision: shown to the player on a rejection, kept in the audit log always. */
const Reason = Type.String({ minLength: 3, maxLength: 500, pattern: '\\S', description: '3-500 characters' });
const MemberAccount = Type.String({ minLength: 1, maxLength: 64 });
const RequestId = Type.String({
  pattern: '^[A-Za-z0-9-]{8,64}$',
  description: "The client's id for this request: repeating it answers the first one",
});
const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Enum(routes.MONEY_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 })),
};
const Order = Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }));
const Sort = Type.Optional(Type.Union([Type.Literal('created'), Type.Literal('amount')], { default: 'created' }));
export const RiskHintName = Type.Enum(routes.RISK_HINTS);
export const ApprovalKindName = Type.Enum(Object.keys(routes.APPROVAL_KINDS) as routes.ApprovalKind[]);

/** What a decision that may need a second staff member came to. */
export const MoneyOutcome = Type.Object({
  outcome: Type.Union([Type.Literal('done'), Type.Literal('awaiting_second')], {
    description: 'done: executed now; awaiting_second: above the threshold, waiting in the approvals for another staff member',
  }),
  approvalId: Type.Union([RowId, Type.Null()]),
});
export type MoneyOutcome = Static<typeof MoneyOutcome>;

const CsvAnswer = Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() });
/** The most rows one export holds; narrower filters export the rest. */
export const MONEY_EXPORT_MAX = 10000;

export const ProofImage = Type.Object({
  mime: Type.String(),
  dataUrl: Type.String({ description: 'The image as a data: URL' }),
});

const DepositStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('failed'),
  Type.Literal('expired'),
]);

const DepositFilter = {
  status: Type.Optional(DepositStatus),
  account: Type.Optional(MemberAccount),
  from: Type.Optional(EpochMs('Orders at or after this time')),
  to: Type.Optional(EpochMs('Orders before this time')),
};

export const DepositQueueRow = Type.Object({
  id: RowId,
  createdAt: EpochMs('When the player made the order'),
  account: Type.String(),
  channel: Type.String(),
  amount: MinorAmount,
  reference: Type.Union([Type.String(), Type.Null()]),
  status: DepositStatus,
  reason: Type.Union([Type.String(), Type.Null()]),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([EpochMs('When it was decided'), Type.Null()]),
  proofs: Type.Integer({ minimum: 0, description: 'How many proof images the player uploaded' }),
  hints: Type.Array(RiskHintName),
  hosted: Type.Boolean({ description: "Paid on a payment provider's page: staff may ask the provider about it" }),
});
export type DepositQueueRow = Static<typeof DepositQueueRow>;

export const depositQueue = defineCall(routes.depositQueue, {
  tags: TAGS,
  bypassesGate,
  summary: 'Deposit orders, filtered, sorted and paged on the server, each with its risk hints',
  querystring: Type.Object({ ...DepositFilter, sort: Sort, order: Order, ...PageQuery }, { additionalProperties: false }),
  value: Type.Object({ rows: Type.Array(DepositQueueRow), total: Type.Integer({ minimum: 0 }) }),
});

export const depositExport = defineCall(routes.depositExport, {
  tags: TAGS,
  bypassesGate,
  summary: `The filtered deposit orders as CSV text (newest first, up to ${MONEY_EXPORT_MAX} rows)`,
  querystring: Type.Object(DepositFilter, { additionalProperties: false }),
  value: CsvAnswer,
});

export const depositProof = defineCall(routes.depositProof, {
  tags: TAGS,
  bypassesGate,
  summary: "One of a deposit order's proof images",
  querystring: Type.Object({ id: RowId, position: Type.Integer({ minimum: 0, maximum: 20 }) }, { additionalProperties: false }),
  value: ProofImage,
});

export const depositApprove = defineCall(routes.depositApprove, {
  tags: TAGS,
  bypassesGate,
  summary: "Credit a pending deposit order to the player's balance",
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

export const depositReject = defineCall(routes.depositReject, {
  tags: TAGS,
  bypassesGate,
  summary: 'Reject a pending deposit order with a reason the player sees',
  body: Type.Object({ id: RowId, reason: Reason }, { additionalProperties: false }),
  value: Type.Null(),
});

const WithdrawalStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paying_out'),
  Type.Literal('awaiting_confirmation'),
  Type.Literal('partially_received'),
  Type.Literal('completed'),
  Type.Literal('rejected'),
  Type.Literal('disputed'),
]);

const WithdrawalFilter = {
  status: Type.Optional(WithdrawalStatus),
  account: Type.Optional(MemberAccount),
  from: Type.Optional(EpochMs('Requests at or after this time')),
  to: Type.Optional(EpochMs('Requests before this time')),
};

export const WithdrawalQueueRow = Type.Object({
  id: RowId,
  createdAt: EpochMs('When the player asked'),
  account: Type.String(),
  amount: MinorAmount,
  payoutAccount: Type.String({ description: 'Type, provider, masked number and holder' }),
  status: WithdrawalStatus,
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  proofs: Type.Integer({ minimum: 0 }),
  awaitingSecond: Type.Boolean({ description: 'Its approval waits for a second staff member' }),
  hints: Type.Array(RiskHintName),
});
export type WithdrawalQueueRow = Static<typeof WithdrawalQueueRow>;

export const withdrawalQueue = defineCall(routes.withdrawalQueue, {
  tags: TAGS,
  bypassesGate,
  summary: 'Withdrawal requests, filtered, sorted and paged on the server, each with its risk hints',
  querystring: Type.Object({ ...WithdrawalFilter, sort: Sort, order: Order, ...PageQuery }, { additionalProperties: false }),
  value: Type.Object({ rows: Type.Array(WithdrawalQueueRow), total: Type.Integer({ minimum: 0 }) }),
});

export const withdrawalExport = defineCall(routes.withdrawalExport, {
  tags: TAGS,
  bypassesGate,
  summary: `The filtered withdrawals as CSV text (newest first, up to ${MONEY_EXPORT_MAX} rows)`,
  querystring: Type.Object(WithdrawalFilter, { additionalProperties: false }),
  value: CsvAnswer,
});

export const withdrawalProof = defineCall(routes.withdrawalProof, {
  tags: TAGS,
  bypassesGate,
  summary: "One of a withdrawal's proof images (the player's not-received reports)",
  querystring: Type.Object({ id: RowId, position: Type.Integer({ minimum: 0, maximum: 20 }) }, { additionalProperties: false }),
  value: ProofImage,
});

export const withdrawalApprove = defineCall(routes.withdrawalApprove, {
  tags: TAGS,
  bypassesGate,
  summary: 'Approve a pending withdrawal (the payout is sent); above the threshold it waits for a second staff member',
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: MoneyOutcome,
});

export const withdrawalReject = defineCall(routes.withdrawalReject, {
  tags: TAGS,
  bypassesGate,
  summary: 'Reject a pending withdrawal with a reason the player sees: the held money is available again',
  body: Type.Object({ id: RowId, reason: Reason }, { additionalProperties: false }),
  value: Type.Null(),
});

export const balanceOf = defineCall(routes.balanceOf, {
  tags: TAGS,
  bypassesGate,
  summary: "A player's main balance, found by account name",
  querystring: Type.Object({ account: MemberAccount }, { additionalProperties: false }),
  value: Type.Object({ account: Type.String(), balance: MinorAmount, available: MinorAmount }),
});

export const adjustBalance = defineCall(routes.adjustBalance, {
  tags: TAGS,
  bypassesGate,
  summary: "Credit or debit a player's main balance with a reason; above the threshold it waits for a second staff member",
  body: Type.Object(
    {
      requestId: RequestId,
      account: MemberAccount,
      direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
      amount: PositiveMinorAmount,
      reason: Reason,
    },
    { additionalProperties: false },
  ),
  value: MoneyOutcome,
});

export const grantBonus = defineCall(routes.grantBonus, {
  tags: TAGS,
  bypassesGate,
  summary: 'Grant a player a bonus with a reason; above the threshold it waits for a second staff member',
  body: Type.Object(
    { requestId: RequestId, account: MemberAccount, amount: PositiveMinorAmount, reason: Reason },
    { additionalProperties: false },
  ),
  value: MoneyOutcome,
});

export const Threshold = Type.Object({
  thresholdMinor: NonNegativeMinorAmount,
  currency: Type.String(),
  symbol: Type.String(),
  minorDigits: Type.Integer({ minimum: 0, maximum: 4 }),
});
export type Threshold = Static<typeof Threshold>;

export const threshold = defineCall(routes.threshold, {
  tags: TAGS,
  bypassesGate,
  summary: "The merchant's four-eyes threshold: money actions above it need a second staff member; and its currency",
  value: Threshold,
});

export const thresholdUpdate = defineCall(routes.thresholdUpdate, {
  tags: TAGS,
  bypassesGate,
  summary: "Change the merchant's four-eyes threshold",
  body: Type.Object(
    { thresholdMinor: Type.String({ pattern: '^(0|[1-9][0-9]{0,14})$', description: 'Integer minor units, 0 or more' }) },
    { additionalProperties: false },
  ),
  value: Threshold,
});

const ApprovalStatus = Type.Union([Type.Literal('pending'), Type.Literal('executed'), Type.Literal('rejected')]);

export const Approval = Type.Object({
  id: RowId,
  kind: ApprovalKindName,
  status: ApprovalStatus,
  target: Type.String({ description: 'What it acts on: a withdrawal id or a player account' }),
  amount: MinorAmount,
  detail: Type.Record(Type.String(), Type.String(), { description: 'What the action does, e.g. direction' }),
  reason: Type.Union([Type.String(), Type.Null()]),
  requestedBy: Type.String(),
  requestedAt: EpochMs('When it was asked for'),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([EpochMs('When it was confirmed or rejected'), Type.Null()]),
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  mine: Type.Boolean({ description: 'The caller asked for it, so cannot confirm it' }),
});
export type Approval = Static<typeof Approval>;

export const approvals = defineCall(routes.approvals, {
  tags: TAGS,
  bypassesGate,
  summary: "Four-eyes approvals of the kinds the caller's role may decide, newest first, paged on the server",
  querystring: Type.Object(
    { status: Type.Optional(ApprovalStatus), kind: Type.Optional(ApprovalKindName), ...PageQuery },
    { additionalProperties: false },
  ),
  value: Type.Object({ rows: Type.Array(Approval), total: Type.Integer({ minimum: 0 }) }),
});

export const openApprovals = defineCall(routes.openApprovals, {
  tags: TAGS,
  bypassesGate,
  summary: "How many approvals wait, of the kinds the caller's role may decide",
  value: Type.Object({ open: Type.Integer({ minimum: 0 }) }),
});

export const approvalConfirm = defineCall(routes.approvalConfirm, {
  tags: TAGS,
  bypassesGate,
  summary: 'Confirm an approval another staff member asked for: the action runs now, once',
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Approval,
});

export const approvalReject = defineCall(routes.approvalReject, {
  tags: TAGS,
  bypassesGate,
  summary: 'Reject a waiting approval with a reason: nothing runs',
  body: Type.Object({ id: RowId, reason: Reason }, { additionalProperties: false }),
  value: Approval,
});

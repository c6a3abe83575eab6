import { type Static, Type } from 'typebox';
import { ACTIVITY_REMARK } from '../activity-remark.js';
import * as routes from '../routes/withdrawals.js';
import { defineCall } from './call.js';
import { MinorAmount, PositiveMinorAmount } from './money.js';
import { RowId } from './row-id.js';
import { PayoutAccount, PayoutAccountTypeSchema } from './security-centre.js';
import { GoogleCode } from './two-factor.js';

/*
 * Withdrawals (spec §2.4 withdraw, §3 "withdrawal confirmation: received amount, remaining amount", §4 confirmation
 * flow). The state machine is in docs/decisions.md (Withdrawals):
 *
 *   pending ──approve──▶ awaiting_confirmation ──received (part)──▶ partially_received
 *      │                      │  ▲ │                                    │
 *      └─reject─▶ rejected     │  └─┼──────── not received + proof ──────┤──▶ disputed
 *                              │    │                                    │
 *                              └────┴── all received / rest received / auto receipt / forced ──▶ completed
 */

export const WITHDRAWAL_STATUSES = [
  'pending',
  'paying_out',
  'rejected',
  'awaiting_confirmation',
  'partially_received',
  'disputed',
  'completed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** How a completed withdrawal was closed: the player confirmed, the auto-receipt timer, or the operator. */
export const WITHDRAWAL_COMPLETIONS = ['confirmed', 'auto', 'forced'] as const;
export type WithdrawalCompletion = (typeof WITHDRAWAL_COMPLETIONS)[number];

/** Multipart field of the "not received" proof image (png/jpg by content, ≤5 MB, exactly one). */
export const WITHDRAWAL_PROOF_FIELD = 'proof';
/** Multipart field of the player's remark on the report: an activity remark (activity-remark.ts). */
export const WITHDRAWAL_NOTE_FIELD = 'note';

export const Withdrawal = Type.Object({
  id: Type.String({ description: 'Decimal id' }),
  requestId: Type.String(),
  amount: MinorAmount,
  receivedAmount: MinorAmount,
  remainingAmount: MinorAmount,
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('paying_out'),
    Type.Literal('rejected'),
    Type.Literal('awaiting_confirmation'),
    Type.Literal('partially_received'),
    Type.Literal('disputed'),
    Type.Literal('completed'),
  ]),
  completion: Type.Union([Type.Literal('confirmed'), Type.Literal('auto'), Type.Literal('forced'), Type.Null()]),
  payoutAccount: Type.Object({
    type: PayoutAccountTypeSchema,
    provider: Type.String(),
    holderName: Type.String(),
    accountNumberMasked: Type.String(),
  }),
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  hasProof: Type.Boolean(),
  createdAt: Type.Integer({ description: 'Epoch ms' }),
  paidAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Epoch ms of the approval (payout sent)' }),
  autoReceiptAt: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Epoch ms when it counts as received unless disputed',
  }),
  completedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type Withdrawal = Static<typeof Withdrawal>;

export const WithdrawalInfo = Type.Object({
  available: MinorAmount,
  minAmount: MinorAmount,
  maxAmount: MinorAmount,
  dailyMax: MinorAmount,
  remainingToday: MinorAmount,
  dailyCount: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })], {
    description: 'Most requests per day (UTC) at the member’s VIP level; null: no count limit',
  }),
  remainingCountToday: Type.Union([Type.Null(), Type.Integer({ minimum: 0 })]),
  limitsLevel: Type.Union([Type.Null(), Type.String()], {
    description: 'The VIP level (rank label) whose withdrawal limits apply; null: the site limits',
  }),
  autoReceiptMinutes: Type.Integer(),
  paymentPasswordSet: Type.Boolean(),
  twoFactorEnabled: Type.Boolean({ description: 'The request must carry googleCode' }),
  payoutAccounts: Type.Array(PayoutAccount),
});
export type WithdrawalInfo = Static<typeof WithdrawalInfo>;

export const getWithdrawalInfo = defineCall(routes.getWithdrawalInfo, {
  tags: ['withdrawal'],
  summary: "Available balance, the merchant's limits, what is left of today's limit and the bound accounts",
  value: WithdrawalInfo,
});

export const CreateWithdrawalBody = Type.Object(
  {
    requestId: Type.String({
      pattern: '^[A-Za-z0-9-]{8,64}$',
      description: 'Client-chosen id: repeating it answers the same withdrawal instead of creating another',
    }),
    amount: PositiveMinorAmount,
    payoutAccountId: RowId,
    paymentPassword: Type.String({ minLength: 1, maxLength: 64 }),
    googleCode: Type.Optional(GoogleCode),
    forfeitBonus: Type.Optional(
      Type.Boolean({
        description: 'The member confirmed that the bonus being wagered is forfeited (promo.bonus.forfeit.unconfirmed otherwise)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateWithdrawalBody = Static<typeof CreateWithdrawalBody>;

export const createWithdrawal = defineCall(routes.createWithdrawal, {
  tags: ['withdrawal'],
  summary: 'Requests a withdrawal (encrypted entry): holds the amount until the operator approves or rejects it',
  body: CreateWithdrawalBody,
  value: Withdrawal,
});

export const listWithdrawals = defineCall(routes.listWithdrawals, {
  tags: ['withdrawal'],
  summary: "The member's own withdrawals, newest first",
  querystring: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
      size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ list: Type.Array(Withdrawal), total: Type.Integer({ minimum: 0 }) }),
});

export const ConfirmWithdrawalBody = Type.Object(
  {
    id: RowId,
    action: Type.Union([Type.Literal('received'), Type.Literal('all_received')], {
      description: "'received': receivedAmount arrived (part of the rest, or all of it); 'all_received': everything arrived",
    }),
    receivedAmount: Type.Optional(PositiveMinorAmount),
  },
  { additionalProperties: false },
);
export type ConfirmWithdrawalBody = Static<typeof ConfirmWithdrawalBody>;

export const confirmWithdrawal = defineCall(routes.confirmWithdrawal, {
  tags: ['withdrawal'],
  summary: 'Confirms receipt of a paid withdrawal, in part (received amount) or in full',
  body: ConfirmWithdrawalBody,
  value: Withdrawal,
});

export const reportWithdrawalNotReceived = defineCall(routes.reportWithdrawalNotReceived, {
  tags: ['withdrawal'],
  summary: `Reports a paid withdrawal as not received: multipart \`${WITHDRAWAL_PROOF_FIELD}\` (one png/jpg ≤5 MB) and optional \`${WITHDRAWAL_NOTE_FIELD}\` (a remark of ≤${ACTIVITY_REMARK.maxLength} characters); stops the auto receipt`,
  querystring: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Withdrawal,
});

export const withdrawalCalls = [
  getWithdrawalInfo,
  createWithdrawal,
  listWithdrawals,
  confirmWithdrawal,
  reportWithdrawalNotReceived,
];

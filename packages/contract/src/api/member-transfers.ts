import { type Static, Type } from 'typebox';
import * as routes from '../routes/member-transfers.js';
import { defineCall } from './call.js';
import { NonNegativeMinorAmount } from './money.js';

/**
 * Transfers between members (spec §2.4 `transferUpline`, §6 "members may transfer to upline or downline"): a
 * member to their direct upline agent; an agent also to any member of their own downline tree. Main wallet to
 * main wallet, confirmed by the payment password, idempotent by the client's request id.
 */

export const MEMBER_TRANSFER_MIN_MINOR = 100n;
export const MEMBER_TRANSFER_MAX_MINOR = 100_000_000n;

export const TransferDirection = Type.Union([Type.Literal('upline'), Type.Literal('downline')]);
export type TransferDirection = Static<typeof TransferDirection>;

export const MemberTransfer = Type.Object({
  id: Type.String(),
  direction: Type.Union([Type.Literal('out'), Type.Literal('in')], { description: 'Money sent or received' }),
  counterparty: Type.String({ description: 'Account name of the other member' }),
  relation: TransferDirection,
  amountMinor: NonNegativeMinorAmount,
  time: Type.Integer({ description: 'Epoch ms' }),
});
export type MemberTransfer = Static<typeof MemberTransfer>;

export const MemberTransferInfo = Type.Object({
  upline: Type.Union([Type.Object({ account: Type.String() }), Type.Null()], { description: 'null = no upline to send to' }),
  canTransferDownline: Type.Boolean({ description: 'The member is an agent (types 1, 2, 41, 42)' }),
  availableMinor: NonNegativeMinorAmount,
  minMinor: NonNegativeMinorAmount,
  maxMinor: NonNegativeMinorAmount,
  history: Type.Array(MemberTransfer, { description: 'The last 20 transfers sent or received, newest first' }),
});
export type MemberTransferInfo = Static<typeof MemberTransferInfo>;

export const getMemberTransfers = defineCall(routes.getMemberTransfers, {
  tags: ['member-transfers'],
  summary: 'Transfer to upline/downline: the upline, whether downline transfers are open, limits, balance and history',
  value: MemberTransferInfo,
});

export const MemberTransferBody = Type.Object(
  {
    direction: TransferDirection,
    toAccount: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'The downline member (downline only)' })),
    amountMinor: NonNegativeMinorAmount,
    paymentPassword: Type.String({ minLength: 1, maxLength: 64 }),
    requestId: Type.String({
      pattern: '^[A-Za-z0-9_-]{8,64}$',
      description: 'Client-made id: a retry with the same id transfers once',
    }),
  },
  { additionalProperties: false },
);
export type MemberTransferBody = Static<typeof MemberTransferBody>;

export const sendMemberTransfer = defineCall(routes.sendMemberTransfer, {
  tags: ['member-transfers'],
  summary: 'Send money from the main wallet to the upline, or (agents) to a member of the own downline tree',
  body: MemberTransferBody,
  value: Type.Object({ transfer: MemberTransfer, info: MemberTransferInfo }),
});

export const memberTransferCalls = [getMemberTransfers, sendMemberTransfer];

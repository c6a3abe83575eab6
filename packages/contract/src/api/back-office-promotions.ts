import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-promotions.js';
import { PROMOTION_AUDIENCE_ACCOUNTS_MAX, PROMOTION_AUDIENCES } from '../routes/promotions.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { NonNegativeMinorAmount, PositiveMinorAmount } from './money.js';
import { PromotionType, RebateTerms, ReferralTrigger, WageringBase, WageringWeights } from './promotions.js';
import { RowId } from './row-id.js';

/**
 * The back office's promotions: an operator defines each promotion per merchant (texts per language, schedule,
 * audience, bonus terms, claim limits, budget), edits it, and closes it early; every change is audited.
 */

const TAGS = ['back-office'];
const bypassesGate = true;

export const PROMOTION_TITLE_MAX = 120;
export const PROMOTION_BODY_MAX = 5000;

export const PromotionText = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: PROMOTION_TITLE_MAX }),
    body: Type.String({ maxLength: PROMOTION_BODY_MAX, description: 'Plain text; line breaks are paragraphs' }),
  },
  { additionalProperties: false },
);

/** Null first in each union: the server coerces types, and null would otherwise become 0 or "" for the other branch. */
export const PromotionInput = Type.Object(
  {
    type: PromotionType,
    texts: Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), PromotionText, {
      minProperties: 1,
      maxProperties: 10,
      description: 'By language code; the merchant default language is required',
    }),
    image: Type.Union([Type.Null(), Type.String({ pattern: '^(https://|/)[^\\s"<>]{0,499}$' })]),
    startTime: EpochMs('Open from'),
    endTime: Type.Union([Type.Null(), EpochMs('Open until (exclusive)')]),
    audience: Type.Enum(PROMOTION_AUDIENCES),
    vipLevels: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), {
        maxItems: 101,
        uniqueItems: true,
        description: 'Audience vip: the VIP levels it is for',
      }),
    ),
    agentAccount: Type.Optional(
      Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 64 })], {
        description: 'Audience downline: the agent whose whole downline it is for',
      }),
    ),
    accounts: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: PROMOTION_AUDIENCE_ACCOUNTS_MAX,
        description: "Audience members: the players' accounts it is for",
      }),
    ),
    newMemberDays: Type.Integer({ minimum: 1, maximum: 365 }),
    matchPercent: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 1000 })]),
    bonusCapMinor: PositiveMinorAmount,
    minDepositMinor: Type.Union([Type.Null(), NonNegativeMinorAmount]),
    fixedBonusMinor: Type.Union([Type.Null(), PositiveMinorAmount]),
    wageringMultiplier: Type.Integer({ minimum: 0, maximum: 100 }),
    wageringBase: WageringBase,
    weights: WageringWeights,
    maxBetMinor: Type.Union([Type.Null(), PositiveMinorAmount]),
    expiryHours: Type.Integer({ minimum: 1, maximum: 8760 }),
    maxConversionMinor: Type.Union([Type.Null(), PositiveMinorAmount]),
    maxClaimsPerMember: Type.Integer({ minimum: 1, maximum: 100 }),
    maxClaimsTotal: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 10_000_000 })]),
    budgetMinor: Type.Union([Type.Null(), PositiveMinorAmount]),
    review: Type.Boolean({ description: "Each claim waits in the review queue for an operator's decision before it pays" }),
    referralTrigger: Type.Union([Type.Null(), ReferralTrigger], { description: 'Referral programmes: what earns the reward' }),
    referralValidBetMinor: Type.Union([Type.Null(), PositiveMinorAmount], {
      description: 'Referral programmes: the valid bets a friend must reach (triggers valid_bet and both)',
    }),
    ...RebateTerms.properties,
  },
  { additionalProperties: false },
);
export type PromotionInput = Static<typeof PromotionInput>;

export const PromotionAdminItem = Type.Object({
  id: RowId,
  state: Type.Enum(routes.PROMOTION_ADMIN_STATES),
  budgetUsedMinor: NonNegativeMinorAmount,
  claimsCount: Type.Integer({ minimum: 0 }),
  updatedAt: EpochMs('Last change'),
  updatedBy: Type.String(),
  ...PromotionInput.properties,
});
export type PromotionAdminItem = Static<typeof PromotionAdminItem>;

export const promotionList = defineCall(routes.promotionList, {
  tags: TAGS,
  bypassesGate,
  summary: "The merchant's promotions, newest first, with their budget used and claims",
  querystring: Type.Object({ state: Type.Optional(Type.Enum(routes.PROMOTION_ADMIN_STATES)) }, { additionalProperties: false }),
  value: Type.Object({ items: Type.Array(PromotionAdminItem) }),
});

export const promotionCreate = defineCall(routes.promotionCreate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Add a promotion (audited); answers it',
  body: PromotionInput,
  value: PromotionAdminItem,
});

export const promotionUpdate = defineCall(routes.promotionUpdate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Change a promotion that is not closed (audited); a budget below what is already paid is refused',
  body: Type.Object({ id: RowId, ...PromotionInput.properties }, { additionalProperties: false }),
  value: PromotionAdminItem,
});

export const promotionClose = defineCall(routes.promotionClose, {
  tags: TAGS,
  bypassesGate,
  summary: 'Close a promotion now (audited): nobody joins or claims it any more; bonuses already paid keep running',
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: PromotionAdminItem,
});

/** A flagged claim: the claimant shares this with another account that took the promotion (or, for a referral, with the friend). */
export const ReviewFlag = Type.Object({
  signal: Type.Enum(routes.ABUSE_SIGNALS),
  memberId: RowId,
  account: Type.String(),
});

export const PromotionReviewItem = Type.Object({
  claimId: RowId,
  promotionId: RowId,
  promotionTitle: Type.String(),
  type: PromotionType,
  memberId: RowId,
  account: Type.String(),
  bonusMinor: NonNegativeMinorAmount,
  depositMinor: Type.Union([NonNegativeMinorAmount, Type.Null()]),
  referredAccount: Type.Union([Type.String(), Type.Null()], { description: 'Referral rewards: the friend who earned it' }),
  flags: Type.Array(ReviewFlag),
  appliedAt: EpochMs('Waiting since'),
  awaitingSecond: Type.Boolean({ description: 'Approved once; a second staff member must confirm (four-eyes)' }),
});
export type PromotionReviewItem = Static<typeof PromotionReviewItem>;

export const promotionReviews = defineCall(routes.promotionReviews, {
  tags: TAGS,
  bypassesGate,
  summary: 'Claims waiting for review (manual-review promotions and flagged claims), oldest first',
  value: Type.Object({ items: Type.Array(PromotionReviewItem) }),
});

export const promotionReviewApprove = defineCall(routes.promotionReviewApprove, {
  tags: TAGS,
  bypassesGate,
  summary:
    "Approve a waiting claim: it pays at once at or below the merchant's four-eyes threshold, else waits for a second staff member (audited)",
  body: Type.Object(
    { claimId: RowId },
    { additionalProperties: false, description: 'Approving the same claim again answers the first approval' },
  ),
  value: Type.Object({
    outcome: Type.Union([Type.Literal('done'), Type.Literal('awaiting_second')]),
    approvalId: Type.Union([RowId, Type.Null()]),
  }),
});

export const promotionReviewReject = defineCall(routes.promotionReviewReject, {
  tags: TAGS,
  bypassesGate,
  summary: 'Reject a waiting claim with a reason (audited); nothing is paid',
  body: Type.Object({ claimId: RowId, reason: Type.String({ minLength: 3, maxLength: 500 }) }, { additionalProperties: false }),
  value: Type.Null(),
});

import { type Static, Type } from 'typebox';
import * as routes from '../routes/promotions.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { NonNegativeMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * Promotions the member takes part in (spec §2.1 /promotions and /promoDetail, §4 promotion statuses): deposit
 * matches and bonuses paid on opt-in, each paid into the member's bonus balance with a wagering requirement, and
 * the member's bonus in progress (members centre "bonus details", the withdrawal's forfeit warning).
 */

export const PromotionType = Type.Enum(routes.PROMOTION_TYPES);
export const PromotionStatus = Type.Enum(routes.PROMOTION_STATUSES);
export const PromotionReason = Type.Enum(routes.PROMOTION_REASONS);

/** Whether the requirement is a multiple of the bonus, or of the deposit and the bonus together. */
export const WAGERING_BASES = ['bonus', 'deposit_bonus'] as const;
export const WageringBase = Type.Enum(WAGERING_BASES);

export const WageringWeights = Type.Record(
  Type.String({ pattern: '^[A-Z0-9_]{1,32}$' }),
  Type.Integer({ minimum: 0, maximum: 100 }),
  {
    description: 'Percent of a bet that counts toward wagering, by game category; a category not listed counts 0',
  },
);

/**
 * Loss rebates' terms (absent or null for other types): the rebate is `rebateBasisPoints` of the member's net cash
 * loss in `rebateCategories` over each period, paid when the loss reaches `minLossMinor`, at most the bonus cap.
 */
export const RebateTerms = Type.Object({
  rebatePeriod: Type.Optional(Type.Union([Type.Null(), Type.Enum(routes.REBATE_PERIODS)])),
  rebateBasisPoints: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Integer({ minimum: 1, maximum: 10_000, description: 'Hundredths of a percent of the net loss' }),
    ]),
  ),
  minLossMinor: Type.Optional(Type.Union([Type.Null(), NonNegativeMinorAmount])),
  rebateCategories: Type.Optional(
    Type.Array(Type.String({ pattern: '^[A-Z0-9_]{1,32}$' }), {
      maxItems: 32,
      uniqueItems: true,
      description: 'Game categories whose bets and wins count toward the loss',
    }),
  ),
});

export const PromotionTerms = Type.Object({
  matchPercent: Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()], {
    description: 'Deposit matches: the bonus is this percent of the deposit, up to bonusCapMinor',
  }),
  bonusCapMinor: NonNegativeMinorAmount,
  minDepositMinor: Type.Union([NonNegativeMinorAmount, Type.Null()]),
  fixedBonusMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], { description: 'Sign-up and free bonuses' }),
  wageringMultiplier: Type.Integer({ minimum: 0, maximum: 100 }),
  wageringBase: WageringBase,
  weights: WageringWeights,
  maxBetMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], { description: 'The largest bet while the bonus is wagered' }),
  expiryHours: Type.Integer({ minimum: 1, maximum: 8760 }),
  maxConversionMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], {
    description: 'The most the bonus converts to cash; the rest returns to the house',
  }),
  audience: Type.Enum(routes.PROMOTION_AUDIENCES),
  newMemberDays: Type.Integer({ minimum: 1, maximum: 365, description: 'Audience new: registered this many days ago at most' }),
  maxClaimsPerMember: Type.Integer({ minimum: 1, maximum: 100 }),
  ...RebateTerms.properties,
});
export type PromotionTerms = Static<typeof PromotionTerms>;

/** The member's bonus from one claim: what was paid, what wagering stands at, and until when. */
export const BonusProgress = Type.Object({
  claimId: RowId,
  promotionId: RowId,
  title: Type.String(),
  bonusMinor: NonNegativeMinorAmount,
  depositMinor: Type.Union([NonNegativeMinorAmount, Type.Null()]),
  balanceMinor: NonNegativeMinorAmount,
  wageredMinor: NonNegativeMinorAmount,
  requiredMinor: NonNegativeMinorAmount,
  maxBetMinor: Type.Union([NonNegativeMinorAmount, Type.Null()]),
  expiresAt: Type.Union([EpochMs('When the bonus expires'), Type.Null()]),
  convertedMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], { description: 'Cash paid when wagering was met' }),
});
export type BonusProgress = Static<typeof BonusProgress>;

/** A loss rebate as the member follows it: the period under way so far, and their latest rebate of a closed period. */
export const RebateProgress = Type.Object({
  periodStart: EpochMs('The current period began'),
  periodEnd: EpochMs('The current period closes'),
  lossMinor: Type.String({ pattern: '^-?[0-9]{1,19}$', description: 'Net cash loss so far this period (negative: a net win)' }),
  estimateMinor: NonNegativeMinorAmount,
  last: Type.Union(
    [
      Type.Object({
        periodEnd: EpochMs('The period it was for closed'),
        lossMinor: NonNegativeMinorAmount,
        rebateMinor: NonNegativeMinorAmount,
        state: Type.Enum(routes.REBATE_STATES),
        reason: Type.Union([Type.Null(), PromotionReason]),
      }),
      Type.Null(),
    ],
    { description: "The member's rebate of the latest closed period they lost in" },
  ),
});
export type RebateProgress = Static<typeof RebateProgress>;

export const Promotion = Type.Object({
  id: RowId,
  type: PromotionType,
  title: Type.String(),
  body: Type.String({ description: 'Plain text; line breaks are paragraphs' }),
  image: Type.Union([Type.String(), Type.Null()]),
  startTime: EpochMs('Open from'),
  endTime: Type.Union([EpochMs('Open until (exclusive)'), Type.Null()]),
  status: PromotionStatus,
  reason: Type.Union([PromotionReason, Type.Null()]),
  terms: PromotionTerms,
  bonus: Type.Union([BonusProgress, Type.Null()], { description: "The member's latest claim of this promotion" }),
  rebate: Type.Optional(
    Type.Union([RebateProgress, Type.Null()], { description: 'Loss rebates, for a member: the period so far' }),
  ),
});
export type Promotion = Static<typeof Promotion>;

export const listPromotions = defineCall(routes.listPromotions, {
  tags: ['promotions'],
  summary:
    "The merchant's promotions (not yet ended or closed, plus those the member took part in), each with the member's status",
  querystring: Type.Object(
    {
      type: Type.Optional(PromotionType),
      status: Type.Optional(PromotionStatus),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ list: Type.Array(Promotion) }),
});

export const getPromotion = defineCall(routes.getPromotion, {
  tags: ['promotions'],
  summary: "One promotion with its terms and the member's status and wagering progress",
  querystring: Type.Object({ promotionId: RowId }, { additionalProperties: false }),
  value: Promotion,
});

export const joinPromotion = defineCall(routes.joinPromotion, {
  tags: ['promotions'],
  summary:
    'Join a deposit match (the next qualifying deposit pays the bonus) or claim a sign-up or free bonus (paid at once into the bonus balance)',
  body: Type.Object({ promotionId: RowId }, { additionalProperties: false }),
  value: Promotion,
});

export const getActiveBonus = defineCall(routes.getActiveBonus, {
  tags: ['promotions'],
  summary: "The member's bonus being wagered, if any: progress, time left, and what a withdrawal now would forfeit",
  value: Type.Object({
    bonus: Type.Union([BonusProgress, Type.Null()]),
    joined: Type.Union([Type.Object({ promotionId: RowId, title: Type.String() }), Type.Null()], {
      description: 'A deposit match waiting for its qualifying deposit',
    }),
    applying: Type.Union([Type.Object({ promotionId: RowId, title: Type.String() }), Type.Null()], {
      description: "A bonus waiting for an operator's review",
    }),
  }),
});

export const ReferralTrigger = Type.Enum(routes.REFERRAL_TRIGGERS);

/** The operator's referral programme as the referrer reads it: what a friend must do and what it pays. */
export const ReferralProgramme = Type.Object({
  promotionId: RowId,
  title: Type.String(),
  body: Type.String(),
  trigger: ReferralTrigger,
  minDepositMinor: Type.Union([NonNegativeMinorAmount, Type.Null()]),
  validBetMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], {
    description: 'Valid bets the friend must reach (triggers valid_bet and both)',
  }),
  rewardMinor: NonNegativeMinorAmount,
  wageringMultiplier: Type.Integer({ minimum: 0, description: '0: the reward is cash; above: a bonus wagered this many times' }),
  endTime: Type.Union([EpochMs('Open until (exclusive)'), Type.Null()]),
});
export type ReferralProgramme = Static<typeof ReferralProgramme>;

export const ReferredFriend = Type.Object({
  account: Type.String({ description: 'Masked: first and last characters only' }),
  registeredAt: EpochMs('Signed up'),
  deposited: Type.Boolean({ description: 'Has had a deposit approved' }),
  validBetMinor: NonNegativeMinorAmount,
  state: Type.Enum(routes.REFERRAL_STATES),
  rewardMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], { description: 'What this friend earned the referrer' }),
});
export type ReferredFriend = Static<typeof ReferredFriend>;

export const Referral = Type.Object({
  code: Type.String({ description: "The member's referral code: the sign-up link carries it as ?referralCode=" }),
  programme: Type.Union([ReferralProgramme, Type.Null()], { description: 'Null: no referral programme is open now' }),
  rewardsMinor: NonNegativeMinorAmount,
  friends: Type.Array(ReferredFriend, { description: 'Newest first, at most 200' }),
});
export type Referral = Static<typeof Referral>;

export const getReferral = defineCall(routes.getReferral, {
  tags: ['promotions'],
  summary:
    "The member's referral code, the open referral programme, the friends who signed up with the code (masked), their progress and the rewards; friends' valid bets are checked and rewards that waited for another bonus to end are paid first",
  value: Referral,
});

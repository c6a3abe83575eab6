import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-promotions.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { NonNegativeMinorAmount, PositiveMinorAmount } from './money.js';
import { PromotionType, WageringBase, WageringWeights } from './promotions.js';
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
    audience: Type.Union([Type.Literal('all'), Type.Literal('new')]),
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

import { type Static, Type } from 'typebox';
import * as routes from '../routes/loyalty.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { NonNegativeMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * VIP ranks and points (spec §2.4 playerRank, §3 member info `clubLabel` and points items, §4 redemption statuses,
 * §7.5 the seven points calls, §9 points never expire). Points are whole numbers, sent as decimal strings like money.
 */

const TAGS = ['loyalty'];

export const Points = Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$', description: 'Whole points, a decimal string' });
export const SignedPoints = Type.String({ pattern: '^(0|-?[1-9][0-9]{0,17})$', description: 'Whole points, + earned, − spent' });
export const PositivePoints = Type.String({ pattern: '^[1-9][0-9]{0,12}$', description: 'Whole points, > 0' });

export const VipLevelView = Type.Object({
  rankLevel: Type.Integer({ minimum: 0 }),
  labelName: Type.String(),
  minDepositMinor: NonNegativeMinorAmount,
  minValidBetMinor: NonNegativeMinorAmount,
  qualifyBy: Type.Enum(['all', 'any']),
  keepValidBetMinor: NonNegativeMinorAmount,
  upgradeBonusMinor: NonNegativeMinorAmount,
  monthlyBonusMinor: NonNegativeMinorAmount,
  cashbackExtraBasisPoints: Type.Integer({ minimum: 0 }),
  withdrawalDailyMaxMinor: NonNegativeMinorAmount,
  withdrawalDailyCount: Type.Integer({ minimum: 0, description: 'Withdrawal requests per day; 0: no count limit' }),
  vipService: Type.Boolean({ description: 'Rank level above 4 (spec §9): the VIP customer-service line' }),
});
export type VipLevelView = Static<typeof VipLevelView>;

export const VipProgress = Type.Object({
  rankLevel: Type.Integer({ minimum: 0 }),
  labelName: Type.String(),
  since: EpochMs('When the member reached this level'),
  depositsMinor: NonNegativeMinorAmount,
  validBetMinor: NonNegativeMinorAmount,
  /** What the next level still needs over the window; null at the top. */
  next: Type.Union([
    Type.Null(),
    Type.Object({
      rankLevel: Type.Integer({ minimum: 1 }),
      labelName: Type.String(),
      depositShortMinor: NonNegativeMinorAmount,
      validBetShortMinor: NonNegativeMinorAmount,
      percent: Type.Integer({ minimum: 0, maximum: 100 }),
    }),
  ]),
  vipService: Type.Boolean({ description: 'Rank level above 4 (spec §9): the VIP customer-service line' }),
});
export type VipProgress = Static<typeof VipProgress>;

export const VipOverview = Type.Object({
  windowDays: Type.Integer({ minimum: 1 }),
  levels: Type.Array(VipLevelView),
  member: Type.Union([Type.Null(), VipProgress], { description: 'Null for a visitor' }),
});
export type VipOverview = Static<typeof VipOverview>;

export const PointBalance = Type.Object({
  pointsBalance: Points,
  earnedTotal: Points,
  expires: Type.Literal(false, { description: 'Points never expire (spec §9)' }),
});
export type PointBalance = Static<typeof PointBalance>;

export const PointItem = Type.Object({
  id: RowId,
  name: Type.String(),
  image: Type.Union([Type.Null(), Type.String()]),
  pointsPrice: Points,
  stock: Type.Integer({ minimum: 0 }),
  perMemberLimit: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]),
  redeemedByMe: Type.Integer({ minimum: 0, description: 'Quantity the member has redeemed (not rejected); 0 for a visitor' }),
});
export type PointItem = Static<typeof PointItem>;

export const Redemption = Type.Object({
  id: RowId,
  itemId: RowId,
  itemName: Type.String(),
  image: Type.Union([Type.Null(), Type.String()]),
  quantity: Type.Integer({ minimum: 1 }),
  redeemAmount: Points,
  status: Type.Enum(routes.REDEMPTION_STATUSES),
  remark: Type.String(),
  createdAt: EpochMs('Requested'),
  decidedAt: Type.Union([Type.Null(), EpochMs('Approved or rejected')]),
});
export type Redemption = Static<typeof Redemption>;

export const PointsRatio = Type.Object({
  points: Type.Integer({ minimum: 1 }),
  amountMinor: NonNegativeMinorAmount,
});

export const PointConfig = Type.Object({
  pointsRatio: PointsRatio,
  minConvertPoints: Type.Integer({ minimum: 1 }),
  convertible: Type.Boolean({ description: 'The operator has set a conversion ratio' }),
  earnRates: Type.Array(Type.Object({ gameCategory: Type.String(), pointsPer10kMinor: Type.Integer({ minimum: 0 }) })),
  expires: Type.Literal(false),
});
export type PointConfig = Static<typeof PointConfig>;

export const PointEntry = Type.Object({
  id: RowId,
  type: Type.Enum(routes.POINTS_ENTRY_TYPES),
  changedPoints: SignedPoints,
  pointsBalance: Points,
  remark: Type.String(),
  time: EpochMs('When'),
});
export type PointEntry = Static<typeof PointEntry>;

const PageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: routes.LOYALTY_PAGE_SIZE })),
  },
  { additionalProperties: false },
);

const RequestId = Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$', description: 'Client-chosen; a retry with it changes nothing' });
const PaymentPassword = Type.String({ minLength: 1, maxLength: 64 });

export const getVip = defineCall(routes.getVip, {
  tags: TAGS,
  summary: 'The VIP ladder; with a token, the member’s level and progress to the next over the rolling window',
  value: VipOverview,
});

export const getPointBalance = defineCall(routes.getPointBalance, {
  tags: TAGS,
  summary: 'The member’s points balance (never expires) and points earned in all',
  value: PointBalance,
});

export const getPointReward = defineCall(routes.getPointReward, {
  tags: TAGS,
  summary: 'The points mall: reward items on offer with their points price, stock and per-member limit',
  value: Type.Object({ list: Type.Array(PointItem) }),
});

export const redeemPointReward = defineCall(routes.redeemPointReward, {
  tags: TAGS,
  summary:
    'Redeem a mall item with the payment password: the points leave the balance and the stock drops at once; the redemption waits in process for the operator',
  body: Type.Object(
    {
      itemId: RowId,
      quantity: Type.Integer({ minimum: 1, maximum: 100 }),
      paymentPassword: PaymentPassword,
      requestId: RequestId,
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ redemption: Redemption, pointsBalance: Points }),
});

export const getRedeemPointList = defineCall(routes.getRedeemPointList, {
  tags: TAGS,
  summary: 'Redeem history: the member’s redemptions, newest first, with their status (in process, approved, rejected)',
  querystring: PageQuery,
  value: Type.Object({ list: Type.Array(Redemption), total: Type.Integer({ minimum: 0 }) }),
});

export const getPointConfig = defineCall(routes.getPointConfig, {
  tags: TAGS,
  summary: 'Points rules: the conversion ratio, the least points converted, the earning rates per game category',
  value: PointConfig,
});

export const getPointDetails = defineCall(routes.getPointDetails, {
  tags: TAGS,
  summary: 'Points details: every change of the member’s points, newest first, with the balance after it',
  querystring: PageQuery,
  value: Type.Object({ list: Type.Array(PointEntry), total: Type.Integer({ minimum: 0 }) }),
});

export const convertPoint = defineCall(routes.convertPoint, {
  tags: TAGS,
  summary: 'Convert points to cash in the main wallet at the configured ratio, with the payment password',
  body: Type.Object(
    { points: PositivePoints, paymentPassword: PaymentPassword, requestId: RequestId },
    { additionalProperties: false },
  ),
  value: Type.Object({ changedPoints: SignedPoints, amountMinor: NonNegativeMinorAmount, pointsBalance: Points }),
});

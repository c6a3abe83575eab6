import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-loyalty.js';
import { MISSION_KINDS, MISSION_PERIODS, MISSION_REWARD_TYPES, REDEMPTION_STATUSES } from '../routes/loyalty.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { Points, PositivePoints, Redemption } from './loyalty.js';
import { RowId } from './row-id.js';

/** The back office's points mall: items (names per language, image, points price, stock, per-member limit) and the queue. */

const TAGS = ['back-office'];
const bypassesGate = true;

export const MallItemInput = Type.Object(
  {
    names: Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), Type.String({ minLength: 1, maxLength: 80 }), {
      minProperties: 1,
      maxProperties: 10,
      description: 'By language code; the merchant default language is required',
    }),
    image: Type.Union([Type.Null(), Type.String({ pattern: '^(https://|/)[^\\s"<>]{0,499}$' })]),
    pointsPrice: PositivePoints,
    stock: Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'Units left to redeem' }),
    perMemberLimit: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 1000 })]),
    active: Type.Boolean({ description: 'Shown in the mall and redeemable' }),
  },
  { additionalProperties: false },
);
export type MallItemInput = Static<typeof MallItemInput>;

export const MallItemAdmin = Type.Object({
  id: RowId,
  ...MallItemInput.properties,
  redeemedCount: Type.Integer({ minimum: 0, description: 'Units redeemed and not rejected' }),
  updatedAt: EpochMs('Last change'),
  updatedBy: Type.String(),
});
export type MallItemAdmin = Static<typeof MallItemAdmin>;

export const RedemptionAdmin = Type.Object({
  ...Redemption.properties,
  account: Type.String(),
  decidedBy: Type.Union([Type.Null(), Type.String()]),
  pointsBalance: Points,
});
export type RedemptionAdmin = Static<typeof RedemptionAdmin>;

export const mallItemList = defineCall(routes.mallItemList, {
  tags: TAGS,
  bypassesGate,
  summary: 'The merchant’s points-mall items, newest first, with units redeemed',
  value: Type.Object({ items: Type.Array(MallItemAdmin) }),
});

export const mallItemCreate = defineCall(routes.mallItemCreate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Add a points-mall item (audited)',
  body: MallItemInput,
  value: MallItemAdmin,
});

export const mallItemUpdate = defineCall(routes.mallItemUpdate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Change a points-mall item (audited); the stock set is the units left from now on',
  body: Type.Object({ id: RowId, ...MallItemInput.properties }, { additionalProperties: false }),
  value: MallItemAdmin,
});

export const redemptionList = defineCall(routes.redemptionList, {
  tags: TAGS,
  bypassesGate,
  summary: 'Points redemptions, oldest first in process, else newest first',
  querystring: Type.Object({ status: Type.Optional(Type.Enum(REDEMPTION_STATUSES)) }, { additionalProperties: false }),
  value: Type.Object({ items: Type.Array(RedemptionAdmin) }),
});

export const redemptionDecide = defineCall(routes.redemptionDecide, {
  tags: TAGS,
  bypassesGate,
  summary:
    'Approve or reject a redemption in process (audited); a rejection returns the points and the stock. A decided one is loyalty.redemption.decided',
  body: Type.Object(
    {
      id: RowId,
      decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
      remark: Type.String({ maxLength: 140 }),
    },
    { additionalProperties: false },
  ),
  value: RedemptionAdmin,
});

export const MissionInput = Type.Object(
  {
    names: MallItemInput.properties.names,
    kind: Type.Enum(MISSION_KINDS),
    gameCategory: Type.Union([Type.Null(), Type.String({ pattern: '^[A-Z0-9_]{1,32}$' })], {
      description: 'Bets of this category only (valid_bet, bet_count); null: any game',
    }),
    target: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'Minor units for deposit and valid_bet, else a count' }),
    period: Type.Enum(MISSION_PERIODS),
    rewardType: Type.Enum(MISSION_REWARD_TYPES),
    rewardAmount: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'Points, or bonus in minor units' }),
    promotionId: Type.Union([Type.Null(), RowId], {
      description: 'A bonus reward: the free-bonus promotion whose wagering and expiry it follows',
    }),
  },
  { additionalProperties: false },
);
export type MissionInput = Static<typeof MissionInput>;

export const MissionAdmin = Type.Object({
  id: RowId,
  ...MissionInput.properties,
  startsAt: EpochMs('Counting from'),
  stoppedAt: Type.Union([Type.Null(), EpochMs('Stopped: counts no more; rewards earned stay claimable')]),
  completedCount: Type.Integer({ minimum: 0 }),
  claimedCount: Type.Integer({ minimum: 0 }),
  updatedAt: EpochMs('Last change'),
  updatedBy: Type.String(),
});
export type MissionAdmin = Static<typeof MissionAdmin>;

export const missionList = defineCall(routes.missionList, {
  tags: TAGS,
  bypassesGate,
  summary: 'The merchant’s missions, newest first, with how many members completed and claimed them',
  value: Type.Object({ items: Type.Array(MissionAdmin) }),
});

export const missionCreate = defineCall(routes.missionCreate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Add a mission (audited); it counts from now',
  body: MissionInput,
  value: MissionAdmin,
});

export const missionUpdate = defineCall(routes.missionUpdate, {
  tags: TAGS,
  bypassesGate,
  summary:
    'Change a mission, running or stopped (audited); progress already made stays, a new target applies from the next period',
  body: Type.Object({ id: RowId, ...MissionInput.properties }, { additionalProperties: false }),
  value: MissionAdmin,
});

export const missionStop = defineCall(routes.missionStop, {
  tags: TAGS,
  bypassesGate,
  summary: 'Stop a mission (audited): it counts no more; rewards already earned stay claimable until they expire',
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: MissionAdmin,
});

export const missionResume = defineCall(routes.missionResume, {
  tags: TAGS,
  bypassesGate,
  summary: 'Run a stopped mission again (audited): it counts the moves made from now on; progress made before the stop stays',
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: MissionAdmin,
});

import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-loyalty.js';
import { REDEMPTION_STATUSES } from '../routes/loyalty.js';
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

import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-channels.js';
import { CHANNEL_LOGOS } from '../routes/deposits.js';
import { defineCall } from './call.js';
import { MinorAmount, NonNegativeMinorAmount, PositiveMinorAmount } from './money.js';

/** The back office's deposit channels: list, add and edit (the player's deposit page lists the active ones). */

const TAGS = ['back-office'];
const bypassesGate = true;

const Texts = Type.Object(
  { en: Type.String({ minLength: 1, maxLength: 200 }), bn: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
const Instructions = Type.Object(
  { en: Type.String({ maxLength: 1000 }), bn: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);

export const ChannelFields = {
  code: Type.String({ pattern: '^[a-z0-9_-]{2,32}$', description: '2-32 of a-z, 0-9, _ and -; fixed once created' }),
  kind: Type.Enum(routes.CHANNEL_KINDS),
  gateway: Type.Union([Type.String({ pattern: '^[a-z0-9_-]{2,32}$' }), Type.Null()], {
    description: 'The payment provider of an instant channel; null for bank and e-wallet transfers',
  }),
  names: Texts,
  instructions: Instructions,
  minMinor: PositiveMinorAmount,
  maxMinor: PositiveMinorAmount,
  feeBps: Type.Integer({ minimum: 0, maximum: 10000, description: "The provider's fee in hundredths of a percent" }),
  feeFixedMinor: NonNegativeMinorAmount,
  currency: Type.Union([Type.String({ pattern: '^[A-Z]{3}$' }), Type.Null()], { description: "Null: the merchant's currency" }),
  paymentMinutes: Type.Integer({ minimum: 1, maximum: 1440, description: 'Time to pay on the provider page' }),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10000 }),
  active: Type.Boolean(),
  minVipLevel: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'The lowest VIP level the channel is listed for and accepts deposits from (0: everyone)',
  }),
  depositHistory: Type.Enum(routes.DEPOSIT_HISTORIES, {
    description: 'any: every member; first: only a member with no credited deposit; repeat: only a member with one',
  }),
  logo: Type.Union([Type.Enum(CHANNEL_LOGOS), Type.Null()], { description: "Null: the logo of the channel's kind" }),
  payoutAccountType: Type.Union([Type.Enum(routes.PAYOUT_ACCOUNT_TYPES), Type.Null()], {
    description: 'A provider channel that also pays approved withdrawals to payout accounts of this type; null: deposits only',
  }),
};

export const ChannelRow = Type.Object({
  ...ChannelFields,
  minMinor: MinorAmount,
  maxMinor: MinorAmount,
  feeFixedMinor: MinorAmount,
});
export type ChannelRow = Static<typeof ChannelRow>;

export const GatewayOption = Type.Object({
  id: Type.String(),
  name: Type.String(),
  playMoney: Type.Boolean(),
});

export const channels = defineCall(routes.channels, {
  tags: TAGS,
  bypassesGate,
  summary: "The merchant's deposit channels in the players' order, and the payment providers this server is configured for",
  value: Type.Object({ channels: Type.Array(ChannelRow), gateways: Type.Array(GatewayOption) }),
});

export const ChannelSaveBody = Type.Object(
  { ...ChannelFields, isNew: Type.Boolean({ description: 'true: add (refused when the code exists); false: edit' }) },
  { additionalProperties: false },
);
export type ChannelSaveBody = Static<typeof ChannelSaveBody>;

export const channelSave = defineCall(routes.channelSave, {
  tags: TAGS,
  bypassesGate,
  summary: 'Add or edit a deposit channel; recorded in the audit log',
  body: ChannelSaveBody,
  value: ChannelRow,
});

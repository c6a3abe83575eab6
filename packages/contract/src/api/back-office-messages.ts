import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-messages.js';
import { defineCall } from './call.js';
import { AnnouncementText } from './content.js';
import { EpochMs } from './epoch-ms.js';
import { RowId } from './row-id.js';

const TAGS = ['back-office'];
const bypassesGate = true;

const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
};

export const MessageInput = Type.Object(
  {
    audience: Type.Enum(routes.MESSAGE_AUDIENCES),
    accounts: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: routes.MESSAGE_ACCOUNTS_MAX,
        description: "The players' accounts, for audience `members`",
      }),
    ),
    vipLevel: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'For audience `vip`' })),
    agentAccount: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'The agent whose whole downline it goes to, for `downline`' }),
    ),
    texts: Type.Record(Type.String({ pattern: '^[a-z]{2,3}$' }), AnnouncementText, {
      minProperties: 1,
      maxProperties: 40,
      description: 'Title and HTML content by language code; the HTML is sanitised on the server',
    }),
    expiresAt: Type.Optional(Type.Union([EpochMs('Hidden from players from this time'), Type.Null()])),
  },
  { additionalProperties: false },
);
export type MessageInput = Static<typeof MessageInput>;

export const SentMessage = Type.Object({
  id: RowId,
  audience: Type.Enum(routes.MESSAGE_AUDIENCES),
  vipLevel: Type.Union([Type.Integer(), Type.Null()]),
  agentAccount: Type.Union([Type.String(), Type.Null()]),
  recipients: Type.Union([Type.Integer({ minimum: 0, description: 'Named accounts found' }), Type.Null()]),
  titles: Type.Record(Type.String(), Type.String()),
  createdAt: EpochMs('Sent'),
  expiresAt: Type.Union([EpochMs('Hidden from'), Type.Null()]),
  withdrawn: Type.Boolean(),
  sentBy: Type.String(),
  read: Type.Integer({ minimum: 0, description: 'Players who have opened it' }),
});
export type SentMessage = Static<typeof SentMessage>;

export const messageList = defineCall(routes.messageList, {
  tags: TAGS,
  bypassesGate,
  summary: 'Messages sent to players, newest first',
  querystring: Type.Object(Page, { additionalProperties: false }),
  value: Type.Object({ items: Type.Array(SentMessage), total: Type.Integer({ minimum: 0 }) }),
});

export const messageSend = defineCall(routes.messageSend, {
  tags: TAGS,
  bypassesGate,
  summary:
    "Send a message to named players, a VIP level, an agent's downline or everyone: one statement whatever the audience (audited)",
  body: MessageInput,
  value: Type.Object({ id: RowId, recipients: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) }),
});

export const messageWithdraw = defineCall(routes.messageWithdraw, {
  tags: TAGS,
  bypassesGate,
  summary: "Take a message out of every player's inbox (audited)",
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

export const Delivery = Type.Object({
  id: RowId,
  channel: Type.Enum(routes.DELIVERY_CHANNELS),
  recipient: Type.String(),
  subject: Type.String(),
  state: Type.Enum(routes.DELIVERY_STATES),
  attempts: Type.Integer({ minimum: 0 }),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: EpochMs('Recorded'),
  updatedAt: EpochMs('Last attempt or change'),
  sentAt: Type.Union([EpochMs('Delivered'), Type.Null()]),
});
export type Delivery = Static<typeof Delivery>;

export const deliveryList = defineCall(routes.deliveryList, {
  tags: TAGS,
  bypassesGate,
  summary: 'Mail and SMS deliveries (never their text), newest first; `dead` lists the dead letters',
  querystring: Type.Object(
    {
      state: Type.Optional(Type.Enum(routes.DELIVERY_STATES)),
      channel: Type.Optional(Type.Enum(routes.DELIVERY_CHANNELS)),
      ...Page,
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ items: Type.Array(Delivery), total: Type.Integer({ minimum: 0 }) }),
});

export const deliveryRetry = defineCall(routes.deliveryRetry, {
  tags: TAGS,
  bypassesGate,
  summary: 'Try a dead delivery once more, now (audited); 409 when it is not dead',
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

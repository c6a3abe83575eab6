import { type Static, Type } from 'typebox';
import * as routes from '../routes/inbox.js';
import { defineCall } from './call.js';
import { RowId } from './row-id.js';

/*
 * The inbox of operator messages (members centre "platform information", messageV2) with its unread count
 * (`CSP_unreadCount`, the badge on the avatar and the side menu's e-mail entry), and the member's sign-ins.
 */

export const InboxMessage = Type.Object({
  id: RowId,
  title: Type.String(),
  content: Type.String({ description: 'HTML, sanitised on the server when it was sent' }),
  createdAt: Type.Integer({ description: 'Epoch ms' }),
  expiresAt: Type.Union([Type.Integer({ description: 'Epoch ms' }), Type.Null()]),
  read: Type.Boolean(),
});
export type InboxMessage = Static<typeof InboxMessage>;

export const unreadCount = defineCall(routes.unreadCount, {
  tags: ['inbox'],
  summary: "How many of the member's live messages are unread",
  value: Type.Integer({ minimum: 0 }),
});

export const listMessages = defineCall(routes.listMessages, {
  tags: ['inbox'],
  summary: "The member's live messages, newest first, in the request's language (else the merchant's default)",
  querystring: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 1 })),
      size: Type.Optional(Type.Integer({ minimum: 1, maximum: routes.INBOX_PAGE_MAX, default: 10 })),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({
    list: Type.Array(InboxMessage),
    total: Type.Integer({ minimum: 0 }),
    unread: Type.Integer({ minimum: 0 }),
  }),
});

const MessageIds = Type.Object(
  { ids: Type.Array(RowId, { minItems: 1, maxItems: routes.INBOX_PAGE_MAX, uniqueItems: true }) },
  { additionalProperties: false },
);

export const markMessagesRead = defineCall(routes.markMessagesRead, {
  tags: ['inbox'],
  summary: "Marks the member's messages read (ids of messages they cannot see change nothing); answers the unread count",
  body: MessageIds,
  value: Type.Object({ unread: Type.Integer({ minimum: 0 }) }),
});

export const deleteMessages = defineCall(routes.deleteMessages, {
  tags: ['inbox'],
  summary: "Removes messages from the member's inbox (for them only); answers the unread count",
  body: MessageIds,
  value: Type.Object({ unread: Type.Integer({ minimum: 0 }) }),
});

export const LoginRecord = Type.Object({
  at: Type.Integer({ description: 'Epoch ms of the sign-in' }),
  ip: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String({ description: 'ISO 3166 alpha-2' }), Type.Null()]),
  device: Type.Union([Type.String({ description: 'Browser and system, from the user agent' }), Type.Null()]),
  current: Type.Boolean({ description: 'The session this call was made with' }),
  live: Type.Boolean({ description: 'Still signed in' }),
});
export type LoginRecord = Static<typeof LoginRecord>;

export const loginHistory = defineCall(routes.loginHistory, {
  tags: ['security-centre'],
  summary: "The member's last 20 sign-ins: time, address, country, device, and which are still signed in",
  value: Type.Array(LoginRecord),
});

export const signOutOthers = defineCall(routes.signOutOthers, {
  tags: ['security-centre'],
  summary: 'Ends every live session of the member but this one; answers how many ended',
  value: Type.Object({ ended: Type.Integer({ minimum: 0 }) }),
});

export const inboxCalls = [unreadCount, listMessages, markMessagesRead, deleteMessages, loginHistory, signOutOthers];

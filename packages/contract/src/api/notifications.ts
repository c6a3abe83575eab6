import { type Static, Type } from 'typebox';
import * as routes from '../routes/notifications.js';
import { defineCall } from './call.js';
import { RowId } from './row-id.js';

/*
 * Member notifications (spec §4 "deposit/withdraw notifications: arrived, approved, rejected, failed") and the
 * live stream that carries them together with balance changes.
 */

/** Every notification type; the web shows each through the key `notifications.type.<type with _ for .>`. */
export const NOTIFICATION_TYPES = [
  'deposit.arrived',
  'deposit.approved',
  'deposit.rejected',
  'deposit.failed',
  'deposit.expired',
  'withdrawal.approved',
  'withdrawal.rejected',
  'withdrawal.failed',
  'withdrawal.paid',
  'rebate.paid',
  'rebate.bonus',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Small facts a notification text needs (amount in minor units as a decimal string, order id, reason). */
export const NotificationPayload = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()]),
);
export type NotificationPayload = Static<typeof NotificationPayload>;

export const MemberNotification = Type.Object({
  id: Type.String({ description: 'Decimal id' }),
  type: Type.Enum(NOTIFICATION_TYPES),
  payload: NotificationPayload,
  createdAt: Type.Integer({ description: 'Epoch ms' }),
  read: Type.Boolean(),
});
export type MemberNotification = Static<typeof MemberNotification>;

export const NotificationList = Type.Object({
  list: Type.Array(MemberNotification),
  unread: Type.Integer({ minimum: 0 }),
});
export type NotificationList = Static<typeof NotificationList>;

export const listNotifications = defineCall(routes.listNotifications, {
  tags: ['notifications'],
  summary: "The member's newest notifications (at most 50) and the count of unread ones",
  querystring: Type.Object({ size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }, { additionalProperties: false }),
  value: NotificationList,
});

export const markNotificationsRead = defineCall(routes.markNotificationsRead, {
  tags: ['notifications'],
  summary: "Marks the member's notifications up to and including `upToId` as read",
  body: Type.Object({ upToId: RowId }, { additionalProperties: false }),
  value: Type.Object({ unread: Type.Integer({ minimum: 0 }) }),
});

/**
 * Server-sent events (`text/event-stream`), read with fetch so the token travels in the Authorization header.
 * Events: `ready` (connected), `balance` (a Balance value of api/wallet), `notification` (a MemberNotification),
 * `resync` (events may have been missed: read balance and notifications again), `inbox` (`{ broadcast }`: the
 * member's inbox changed; read `CSP_unreadCount` again, after a random pause of a few seconds when `broadcast`). A comment line every 25 s
 * keeps proxies from closing an idle stream. On failure the answer is the usual JSON error envelope.
 */
export const liveStream = defineCall(routes.liveStream, {
  tags: ['notifications'],
  summary: 'Live stream (server-sent events) of balance changes and notifications for the logged-in member',
  value: Type.Null(),
});

// Defined schema-free for the browser; the server takes them with the rest of the area from here.
export { LIVE_EVENTS } from '../routes/notifications.js';

export const notificationCalls = [listNotifications, markNotificationsRead, liveStream];

import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/notifications.ts, as plain data the browser imports without the schema
 * library (`import * as notificationsRoutes from '@tessera/contract/routes/notifications'`; unused routes drop out of the bundle).
 */

export const listNotifications = {
  id: 'notifications.list',
  method: 'GET',
  path: '/wps/member/notifications',
  auth: 'token',
} as const satisfies CallRoute;

export const markNotificationsRead = {
  id: 'notifications.read',
  method: 'POST',
  path: '/wps/member/notifications/read',
  auth: 'token',
} as const satisfies CallRoute;

export const liveStream = {
  id: 'live.stream',
  method: 'GET',
  path: '/wps/member/live',
  auth: 'token',
} as const satisfies CallRoute;

/** Names of the live stream's events; `inbox`: the member's inbox changed, read the unread count again. */
export const LIVE_EVENTS = {
  ready: 'ready',
  balance: 'balance',
  notification: 'notification',
  resync: 'resync',
  inbox: 'inbox',
} as const;

import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/notifications.ts, as plain data the browser imports without the schema library. */
export const notificationsRoutes = {
  listNotifications: { id: 'notifications.list', method: 'GET', path: '/wps/member/notifications', auth: 'token' },
  markNotificationsRead: { id: 'notifications.read', method: 'POST', path: '/wps/member/notifications/read', auth: 'token' },
  liveStream: { id: 'live.stream', method: 'GET', path: '/wps/member/live', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

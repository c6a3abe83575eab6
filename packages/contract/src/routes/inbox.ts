import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/inbox.ts (the members centre's "platform information", messageV2,
 * and the sign-in history of the security centre), as plain data the browser imports without the schema library.
 */

export const unreadCount = {
  id: 'inbox.unread',
  method: 'GET',
  path: '/wps/relay/CSP_unreadCount',
  auth: 'token',
} as const satisfies CallRoute;

export const listMessages = {
  id: 'inbox.list',
  method: 'GET',
  path: '/wps/member/messages',
  auth: 'token',
} as const satisfies CallRoute;

export const markMessagesRead = {
  id: 'inbox.read',
  method: 'POST',
  path: '/wps/member/messages/read',
  auth: 'token',
} as const satisfies CallRoute;

export const deleteMessages = {
  id: 'inbox.delete',
  method: 'POST',
  path: '/wps/member/messages/delete',
  auth: 'token',
} as const satisfies CallRoute;

export const loginHistory = {
  id: 'sessions.history',
  method: 'GET',
  path: '/wps/member/logins',
  auth: 'token',
} as const satisfies CallRoute;

export const signOutOthers = {
  id: 'sessions.signOutOthers',
  method: 'POST',
  path: '/wps/member/logins/sign-out-others',
  auth: 'token',
} as const satisfies CallRoute;

/** The most messages one read, delete or page names. */
export const INBOX_PAGE_MAX = 50;

import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/member-profile.ts, as plain data the browser imports without the schema
 * library (`import * as memberProfileRoutes from '@tessera/contract/routes/member-profile'`; unused routes drop out of the bundle).
 */

export const setNickname = {
  id: 'member.nickname',
  method: 'POST',
  path: '/wps/member/nickname',
  auth: 'token',
} as const satisfies CallRoute;

export const setLanguage = {
  id: 'member.language',
  method: 'POST',
  path: '/wps/member/language',
  auth: 'token',
} as const satisfies CallRoute;

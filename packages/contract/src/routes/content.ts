import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/content.ts, as plain data the browser imports without the schema
 * library (`import * as contentRoutes from '@tessera/contract/routes/content'`; unused routes drop out of the bundle).
 */

export const getListAnnouncements = {
  id: 'content.announcements',
  method: 'GET',
  path: '/wps/relay/MCSFE_getListAnnouncements',
  auth: 'none',
} as const satisfies CallRoute;

export const getNoticeList = {
  id: 'content.notices',
  method: 'GET',
  path: '/wps/relay/MCSFE_getNoticeList',
  auth: 'none',
} as const satisfies CallRoute;

export const getNotice = {
  id: 'content.notice',
  method: 'GET',
  path: '/wps/relay/MCSFE_getNotice',
  auth: 'none',
} as const satisfies CallRoute;

import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/content.ts, as plain data the browser imports without the schema library. */
export const contentRoutes = {
  getListAnnouncements: {
    id: 'content.announcements',
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    auth: 'none',
  },
  getNoticeList: { id: 'content.notices', method: 'GET', path: '/wps/relay/MCSFE_getNoticeList', auth: 'none' },
  getNotice: { id: 'content.notice', method: 'GET', path: '/wps/relay/MCSFE_getNotice', auth: 'none' },
} as const satisfies Record<string, CallRoute>;

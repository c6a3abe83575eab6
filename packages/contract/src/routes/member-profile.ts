import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/member-profile.ts, as plain data the browser imports without the schema library. */
export const memberProfileRoutes = {
  setNickname: { id: 'member.nickname', method: 'POST', path: '/wps/member/nickname', auth: 'token' },
  setLanguage: { id: 'member.language', method: 'POST', path: '/wps/member/language', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

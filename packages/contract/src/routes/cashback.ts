import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/cashback.ts, as plain data the browser imports without the schema library. */
export const cashbackRoutes = {
  getCashback: { id: 'cashback.get', method: 'GET', path: '/wps/member/cashback', auth: 'token' },
  claimCashback: { id: 'cashback.claim', method: 'POST', path: '/wps/member/cashback/claim', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/records.ts, as plain data the browser imports without the schema library. */
export const recordsRoutes = {
  getTransactionHistory: { id: 'records.transactions', method: 'GET', path: '/wps/member/records/transactions', auth: 'token' },
  getBonusDetails: { id: 'records.bonuses', method: 'GET', path: '/wps/member/records/bonuses', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

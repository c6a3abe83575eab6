import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/betting-record.ts, as plain data the browser imports without the schema library. */
export const bettingRecordRoutes = {
  getBettingRecord: { id: 'bettingRecord.list', method: 'GET', path: '/wps/member/records/bets', auth: 'token' },
  getPersonalProfit: { id: 'bettingRecord.profit', method: 'GET', path: '/wps/member/records/profit', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

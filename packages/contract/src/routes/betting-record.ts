import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/betting-record.ts, as plain data the browser imports without the schema
 * library (`import * as bettingRecordRoutes from '@tessera/contract/routes/betting-record'`; unused routes drop out of the bundle).
 */

export const getBettingRecord = {
  id: 'bettingRecord.list',
  method: 'GET',
  path: '/wps/member/records/bets',
  auth: 'token',
} as const satisfies CallRoute;

export const getPersonalProfit = {
  id: 'bettingRecord.profit',
  method: 'GET',
  path: '/wps/member/records/profit',
  auth: 'token',
} as const satisfies CallRoute;

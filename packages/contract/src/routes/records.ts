import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/records.ts, as plain data the browser imports without the schema
 * library (`import * as recordsRoutes from '@tessera/contract/routes/records'`; unused routes drop out of the bundle).
 */

export const getTransactionHistory = {
  id: 'records.transactions',
  method: 'GET',
  path: '/wps/member/records/transactions',
  auth: 'token',
} as const satisfies CallRoute;

export const getBonusDetails = {
  id: 'records.bonuses',
  method: 'GET',
  path: '/wps/member/records/bonuses',
  auth: 'token',
} as const satisfies CallRoute;

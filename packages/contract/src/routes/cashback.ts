import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/cashback.ts, as plain data the browser imports without the schema
 * library (`import * as cashbackRoutes from '@tessera/contract/routes/cashback'`; unused routes drop out of the bundle).
 */

export const getCashback = {
  id: 'cashback.get',
  method: 'GET',
  path: '/wps/member/cashback',
  auth: 'token',
} as const satisfies CallRoute;

export const claimCashback = {
  id: 'cashback.claim',
  method: 'POST',
  path: '/wps/member/cashback/claim',
  auth: 'token',
} as const satisfies CallRoute;

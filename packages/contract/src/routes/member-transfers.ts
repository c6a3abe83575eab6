import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/member-transfers.ts, as plain data the browser imports without the schema
 * library (`import * as memberTransfersRoutes from '@tessera/contract/routes/member-transfers'`; unused routes drop out of the bundle).
 */

export const getMemberTransfers = {
  id: 'memberTransfers.get',
  method: 'GET',
  path: '/wps/member/transfers',
  auth: 'token',
} as const satisfies CallRoute;

export const sendMemberTransfer = {
  id: 'memberTransfers.send',
  method: 'POST',
  path: '/wps/member/transfers',
  auth: 'token',
} as const satisfies CallRoute;

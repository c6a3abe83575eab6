import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/member-transfers.ts, as plain data the browser imports without the schema library. */
export const memberTransfersRoutes = {
  getMemberTransfers: { id: 'memberTransfers.get', method: 'GET', path: '/wps/member/transfers', auth: 'token' },
  sendMemberTransfer: { id: 'memberTransfers.send', method: 'POST', path: '/wps/member/transfers', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/deposits.ts, as plain data the browser imports without the schema library. */
export const depositsRoutes = {
  listDepositChannels: { id: 'deposit.channels', method: 'GET', path: '/wps/deposit/channels', auth: 'token' },
  createDeposit: { id: 'deposit.create', method: 'POST', path: '/wps/deposit/orders', auth: 'token' },
  listDepositOrders: { id: 'deposit.orders', method: 'GET', path: '/wps/deposit/orders', auth: 'token' },
  uploadDepositProof: { id: 'deposit.proof', method: 'PUT', path: '/wps/deposit/proof', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

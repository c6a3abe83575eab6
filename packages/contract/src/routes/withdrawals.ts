import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/withdrawals.ts, as plain data the browser imports without the schema library. */
export const withdrawalsRoutes = {
  getWithdrawalInfo: { id: 'withdrawal.info', method: 'GET', path: '/wps/withdraw/info', auth: 'token' },
  createWithdrawal: { id: 'withdrawal.create', method: 'POST', path: '/wps/withdraw/orders', auth: 'token', encrypted: true },
  listWithdrawals: { id: 'withdrawal.orders', method: 'GET', path: '/wps/withdraw/orders', auth: 'token' },
  confirmWithdrawal: { id: 'withdrawal.confirm', method: 'POST', path: '/wps/withdraw/confirm', auth: 'token' },
  reportWithdrawalNotReceived: {
    id: 'withdrawal.not-received',
    method: 'PUT',
    path: '/wps/withdraw/not-received',
    auth: 'token',
  },
} as const satisfies Record<string, CallRoute>;

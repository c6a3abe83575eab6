import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/security-centre.ts, as plain data the browser imports without the schema library. */
export const securityCentreRoutes = {
  getSecurityOverview: { id: 'security.overview', method: 'GET', path: '/wps/member/security', auth: 'token' },
  setPaymentPassword: {
    id: 'security.payment-password',
    method: 'POST',
    path: '/wps/member/payment-password',
    auth: 'token',
    encrypted: true,
  },
  bindPayoutAccount: { id: 'security.payout-account.bind', method: 'PUT', path: '/wps/member/payout-accounts', auth: 'token' },
  unbindPayoutAccount: {
    id: 'security.payout-account.unbind',
    method: 'DELETE',
    path: '/wps/member/payout-accounts',
    auth: 'token',
  },
} as const satisfies Record<string, CallRoute>;

import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/security-centre.ts, as plain data the browser imports without the schema
 * library (`import * as securityCentreRoutes from '@tessera/contract/routes/security-centre'`; unused routes drop out of the bundle).
 */

export const getSecurityOverview = {
  id: 'security.overview',
  method: 'GET',
  path: '/wps/member/security',
  auth: 'token',
} as const satisfies CallRoute;

export const setPaymentPassword = {
  id: 'security.payment-password',
  method: 'POST',
  path: '/wps/member/payment-password',
  auth: 'token',
  encrypted: true,
} as const satisfies CallRoute;

export const bindPayoutAccount = {
  id: 'security.payout-account.bind',
  method: 'PUT',
  path: '/wps/member/payout-accounts',
  auth: 'token',
} as const satisfies CallRoute;

export const unbindPayoutAccount = {
  id: 'security.payout-account.unbind',
  method: 'DELETE',
  path: '/wps/member/payout-accounts',
  auth: 'token',
} as const satisfies CallRoute;

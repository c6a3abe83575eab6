import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/withdrawals.ts, as plain data the browser imports without the schema
 * library (`import * as withdrawalsRoutes from '@tessera/contract/routes/withdrawals'`; unused routes drop out of the bundle).
 */

export const getWithdrawalInfo = {
  id: 'withdrawal.info',
  method: 'GET',
  path: '/wps/withdraw/info',
  auth: 'token',
} as const satisfies CallRoute;

export const createWithdrawal = {
  id: 'withdrawal.create',
  method: 'POST',
  path: '/wps/withdraw/orders',
  auth: 'token',
  encrypted: true,
} as const satisfies CallRoute;

export const listWithdrawals = {
  id: 'withdrawal.orders',
  method: 'GET',
  path: '/wps/withdraw/orders',
  auth: 'token',
} as const satisfies CallRoute;

export const confirmWithdrawal = {
  id: 'withdrawal.confirm',
  method: 'POST',
  path: '/wps/withdraw/confirm',
  auth: 'token',
} as const satisfies CallRoute;

export const reportWithdrawalNotReceived = {
  id: 'withdrawal.not-received',
  method: 'PUT',
  path: '/wps/withdraw/not-received',
  auth: 'token',
} as const satisfies CallRoute;

/** A withdrawal's reject reason when the payment provider could not pay it out (the money went back to the balance). */
export const PAYOUT_FAILED_REASON = 'payout_failed';

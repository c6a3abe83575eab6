import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/two-factor.ts, as plain data the browser imports without the schema
 * library (`import * as twoFactorRoutes from '@tessera/contract/routes/two-factor'`).
 */

export const getTwoFactor = {
  id: 'two-factor.status',
  method: 'GET',
  path: '/wps/member/two-factor',
  auth: 'token',
} as const satisfies CallRoute;

export const startTwoFactorEnrolment = {
  id: 'two-factor.enrolment.start',
  method: 'POST',
  path: '/wps/member/two-factor/enrolment',
  auth: 'token',
} as const satisfies CallRoute;

export const confirmTwoFactorEnrolment = {
  id: 'two-factor.enrolment.confirm',
  method: 'POST',
  path: '/wps/member/two-factor/enrolment/confirm',
  auth: 'token',
} as const satisfies CallRoute;

export const disableTwoFactor = {
  id: 'two-factor.disable',
  method: 'POST',
  path: '/wps/member/two-factor/disable',
  auth: 'token',
} as const satisfies CallRoute;

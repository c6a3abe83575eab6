import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/login-verification.ts, as plain data the browser imports without the schema
 * library (`import * as loginVerificationRoutes from '@tessera/contract/routes/login-verification'`; unused routes drop out of the bundle).
 */

export const sendLoginVerificationCode = {
  id: 'session.login-verification-code',
  method: 'POST',
  path: '/wps/session/login/verification/code',
  auth: 'none',
} as const satisfies CallRoute;

export const completeLoginVerification = {
  id: 'session.login-verification',
  method: 'POST',
  path: '/wps/session/login/verification',
  auth: 'none',
} as const satisfies CallRoute;

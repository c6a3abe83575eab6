import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/bot-check.ts, as plain data the browser imports without the schema
 * library (`import * as botCheckRoutes from '@tessera/contract/routes/bot-check'`; unused routes drop out of the bundle).
 */

export const getBotCheckChallenge = {
  id: 'verification.bot-check',
  method: 'GET',
  path: '/wps/verification/bot-check',
  auth: 'none',
} as const satisfies CallRoute;

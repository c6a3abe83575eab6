import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/responsible-gaming.ts, as plain data the browser imports without the schema
 * library (`import * as responsibleGamingRoutes from '@tessera/contract/routes/responsible-gaming'`; unused routes drop out of the bundle).
 */

export const getPlayerProtection = {
  id: 'rg.get',
  method: 'GET',
  path: '/wps/member/responsible-gaming',
  auth: 'token',
} as const satisfies CallRoute;

export const setDepositLimit = {
  id: 'rg.depositLimit.set',
  method: 'POST',
  path: '/wps/member/responsible-gaming/deposit-limit',
  auth: 'token',
} as const satisfies CallRoute;

export const startExclusion = {
  id: 'rg.exclusion.start',
  method: 'POST',
  path: '/wps/member/responsible-gaming/exclusion',
  auth: 'token',
} as const satisfies CallRoute;

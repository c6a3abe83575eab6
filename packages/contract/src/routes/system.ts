import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/system.ts, as plain data the browser imports without the schema
 * library (`import * as systemRoutes from '@tessera/contract/routes/system'`; unused routes drop out of the bundle).
 */

/** Spec §4: what the status call answers in `status`: 0 normal, 1 maintenance, 2 region restricted. */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, restricted: 2 } as const;
export type SystemStatusCode = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];

export const getSystemStatus = {
  id: 'system.status',
  method: 'GET',
  path: '/wps/system/status',
  auth: 'none',
} as const satisfies CallRoute;

export const getWhitelabel = {
  id: 'system.whitelabel',
  method: 'GET',
  path: '/wps/system/whitelabel',
  auth: 'none',
} as const satisfies CallRoute;

export const getRegisterSettings = {
  id: 'system.register-settings',
  method: 'GET',
  path: '/wps/system/setting/register',
  auth: 'none',
} as const satisfies CallRoute;

export const getDomainRoute = {
  id: 'system.domain-route',
  method: 'GET',
  path: '/wps/system/domainRoute',
  auth: 'none',
} as const satisfies CallRoute;

export const getHelpCenter = {
  id: 'system.help-center',
  method: 'GET',
  path: '/wps/system/helpCenter',
  auth: 'none',
} as const satisfies CallRoute;

export const getHealth = { id: 'ops.healthz', method: 'GET', path: '/healthz', auth: 'none' } as const satisfies CallRoute;

export const getReady = { id: 'ops.readyz', method: 'GET', path: '/readyz', auth: 'none' } as const satisfies CallRoute;

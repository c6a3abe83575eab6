import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/system.ts, as plain data the browser imports without the schema library. */
export const systemRoutes = {
  getSystemStatus: { id: 'system.status', method: 'GET', path: '/wps/system/status', auth: 'none' },
  getWhitelabel: { id: 'system.whitelabel', method: 'GET', path: '/wps/system/whitelabel', auth: 'none' },
  getRegisterSettings: { id: 'system.register-settings', method: 'GET', path: '/wps/system/setting/register', auth: 'none' },
  getDomainRoute: { id: 'system.domain-route', method: 'GET', path: '/wps/system/domainRoute', auth: 'none' },
  getHelpCenter: { id: 'system.help-center', method: 'GET', path: '/wps/system/helpCenter', auth: 'none' },
  getHealth: { id: 'ops.healthz', method: 'GET', path: '/healthz', auth: 'none' },
  getReady: { id: 'ops.readyz', method: 'GET', path: '/readyz', auth: 'none' },
} as const satisfies Record<string, CallRoute>;

import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/responsible-gaming.ts, as plain data the browser imports without the schema library. */
export const responsibleGamingRoutes = {
  getPlayerProtection: { id: 'rg.get', method: 'GET', path: '/wps/member/responsible-gaming', auth: 'token' },
  setDepositLimit: {
    id: 'rg.depositLimit.set',
    method: 'POST',
    path: '/wps/member/responsible-gaming/deposit-limit',
    auth: 'token',
  },
  startExclusion: { id: 'rg.exclusion.start', method: 'POST', path: '/wps/member/responsible-gaming/exclusion', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

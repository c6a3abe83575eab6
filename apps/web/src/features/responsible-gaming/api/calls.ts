import type { CallTarget } from '../../../lib/api-client';

/** packages/contract/src/api/responsible-gaming.ts by method and path (no TypeBox in the browser); calls.test.ts checks them. */
export const RG_CALLS = {
  get: { method: 'GET', path: '/wps/member/responsible-gaming' },
  setDepositLimit: { method: 'POST', path: '/wps/member/responsible-gaming/deposit-limit' },
  startExclusion: { method: 'POST', path: '/wps/member/responsible-gaming/exclusion' },
} as const satisfies Record<string, CallTarget>;

import type { CallTarget } from '../../../lib/api-client';

/** packages/contract/src/api/cashback.ts by method and path (no TypeBox in the browser); calls.test.ts checks them. */
export const CASHBACK_CALLS = {
  get: { method: 'GET', path: '/wps/member/cashback' },
  claim: { method: 'POST', path: '/wps/member/cashback/claim' },
} as const satisfies Record<string, CallTarget>;

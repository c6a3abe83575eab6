import type { CallTarget } from '../../../lib/api-client';

/** packages/contract/src/api/records.ts by method and path (no TypeBox in the browser); calls.test.ts checks them. */
export const RECORD_CALLS = {
  transactions: { method: 'GET', path: '/wps/member/records/transactions' },
  bonuses: { method: 'GET', path: '/wps/member/records/bonuses' },
} as const satisfies Record<string, CallTarget>;

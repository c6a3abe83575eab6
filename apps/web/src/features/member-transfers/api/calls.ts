import type { CallTarget } from '../../../lib/api-client';

/** packages/contract/src/api/member-transfers.ts by method and path (no TypeBox in the browser); calls.test.ts checks them. */
export const MEMBER_TRANSFER_CALLS = {
  get: { method: 'GET', path: '/wps/member/transfers' },
  send: { method: 'POST', path: '/wps/member/transfers' },
} as const satisfies Record<string, CallTarget>;

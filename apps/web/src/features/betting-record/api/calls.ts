import type { CallTarget } from '../../../lib/api-client';

/** The contract's betting-record and house verify calls by method and path; calls.test.ts checks them. */
export const BETTING_CALLS = {
  bets: { method: 'GET', path: '/wps/member/records/bets' },
  profit: { method: 'GET', path: '/wps/member/records/profit' },
  verify: { method: 'GET', path: '/wps/house-games/rounds/verify' },
  rotate: { method: 'POST', path: '/wps/house-games/fairness/rotate' },
} as const satisfies Record<string, CallTarget>;

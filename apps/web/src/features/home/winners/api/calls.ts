import type { CallTarget } from '../../../../lib/api-client';

/**
 * The call of packages/contract/src/api/winners.ts by method and path only (the TypeBox runtime stays out of the
 * bundle); calls.test.ts fails when it differs from the contract.
 */
export const WINNER_CALLS = {
  rankList: { method: 'GET', path: '/wps/relay/GCSGAME_getRankList' },
} as const satisfies Record<string, CallTarget>;

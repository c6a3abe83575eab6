import type { CallTarget } from '../../../lib/api-client';

/**
 * The calls of packages/contract/src/api/favourites.ts by method and path only (the TypeBox runtime stays out of
 * the bundle); calls.test.ts fails when one differs from the contract.
 */
export const FAVOURITE_CALLS = {
  ids: { method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames' },
  list: { method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGamesList' },
  add: { method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGameV2' },
  remove: { method: 'DELETE', path: '/wps/relay/MCSFE_removeFavoriteGameV2' },
  recent: { method: 'GET', path: '/wps/relay/GCS_recentGame' },
} as const satisfies Record<string, CallTarget>;

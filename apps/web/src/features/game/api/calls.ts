import type { CallTarget } from '../../../lib/api-client';

/** packages/contract/src/api/games.ts by method and path (no TypeBox in the browser); calls.test.ts checks them. */
export const GAME_CALLS = {
  launch: { method: 'POST', path: '/wps/game/launchGame' },
} as const satisfies Record<string, CallTarget>;

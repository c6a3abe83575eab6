import type { CallTarget } from '../../../lib/api-client';

/** packages/contract/src/api/catalogue.ts by method and path (no TypeBox in the browser); calls.test.ts checks them. */
export const LOTTERY_LAUNCH_CALLS = {
  menus: { method: 'GET', path: '/lgw/games/game_menus' },
} as const satisfies Record<string, CallTarget>;

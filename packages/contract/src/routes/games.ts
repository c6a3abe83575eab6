import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/games.ts, as plain data the browser imports without the schema library. */
export const gamesRoutes = {
  launchGame: { id: 'games.launch', method: 'POST', path: '/wps/game/launchGame', auth: 'token' },
} as const satisfies Record<string, CallRoute>;

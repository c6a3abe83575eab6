import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/games.ts, as plain data the browser imports without the schema
 * library (`import * as gamesRoutes from '@tessera/contract/routes/games'`; unused routes drop out of the bundle).
 */

export const launchGame = {
  id: 'games.launch',
  method: 'POST',
  path: '/wps/game/launchGame',
  auth: 'token',
} as const satisfies CallRoute;

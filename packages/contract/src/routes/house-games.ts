import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/house-games.ts, as plain data the browser imports without the schema
 * library (`import * as houseGamesRoutes from '@tessera/contract/routes/house-games'`; unused routes drop out of the bundle).
 */

export const openHouseGameSession = {
  id: 'houseGames.session',
  method: 'POST',
  path: '/wps/house-games/session',
  auth: 'none',
} as const satisfies CallRoute;

export const spinSlot = {
  id: 'houseGames.spin',
  method: 'POST',
  path: '/wps/house-games/slots/spin',
  auth: 'optional',
} as const satisfies CallRoute;

export const getFairness = {
  id: 'houseGames.fairness',
  method: 'GET',
  path: '/wps/house-games/fairness',
  auth: 'optional',
} as const satisfies CallRoute;

export const setClientSeed = {
  id: 'houseGames.clientSeed',
  method: 'PUT',
  path: '/wps/house-games/fairness/client-seed',
  auth: 'optional',
} as const satisfies CallRoute;

export const rotateSeed = {
  id: 'houseGames.rotate',
  method: 'POST',
  path: '/wps/house-games/fairness/rotate',
  auth: 'optional',
} as const satisfies CallRoute;

export const verifyRound = {
  id: 'houseGames.verify',
  method: 'GET',
  path: '/wps/house-games/rounds/verify',
  auth: 'optional',
} as const satisfies CallRoute;

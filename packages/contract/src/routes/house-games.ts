import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/house-games.ts, as plain data the browser imports without the schema library. */
export const houseGamesRoutes = {
  openHouseGameSession: { id: 'houseGames.session', method: 'POST', path: '/wps/house-games/session', auth: 'none' },
  spinSlot: { id: 'houseGames.spin', method: 'POST', path: '/wps/house-games/slots/spin', auth: 'none' },
  getFairness: { id: 'houseGames.fairness', method: 'GET', path: '/wps/house-games/fairness', auth: 'none' },
  setClientSeed: { id: 'houseGames.clientSeed', method: 'PUT', path: '/wps/house-games/fairness/client-seed', auth: 'none' },
  rotateSeed: { id: 'houseGames.rotate', method: 'POST', path: '/wps/house-games/fairness/rotate', auth: 'none' },
  verifyRound: { id: 'houseGames.verify', method: 'GET', path: '/wps/house-games/rounds/verify', auth: 'none' },
} as const satisfies Record<string, CallRoute>;

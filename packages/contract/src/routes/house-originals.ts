import type { CallRoute } from '../api/call.js';

/* Method, path and access of the calls in api/house-originals.ts (the instant games), as plain data. */

export const openOriginalSession = {
  id: 'houseGames.originals.session',
  method: 'POST',
  path: '/wps/house-games/originals/session',
  auth: 'none',
} as const satisfies CallRoute;

export const playOriginal = {
  id: 'houseGames.originals.play',
  method: 'POST',
  path: '/wps/house-games/originals/play',
  auth: 'optional',
} as const satisfies CallRoute;

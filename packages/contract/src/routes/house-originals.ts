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

export const startMines = {
  id: 'houseGames.originals.mines.start',
  method: 'POST',
  path: '/wps/house-games/originals/mines/start',
  auth: 'optional',
} as const satisfies CallRoute;

export const revealMine = {
  id: 'houseGames.originals.mines.reveal',
  method: 'POST',
  path: '/wps/house-games/originals/mines/reveal',
  auth: 'optional',
} as const satisfies CallRoute;

export const cashOutMines = {
  id: 'houseGames.originals.mines.cashout',
  method: 'POST',
  path: '/wps/house-games/originals/mines/cashout',
  auth: 'optional',
} as const satisfies CallRoute;

export const openMinesRound = {
  id: 'houseGames.originals.mines.open',
  method: 'GET',
  path: '/wps/house-games/originals/mines/open',
  auth: 'optional',
} as const satisfies CallRoute;

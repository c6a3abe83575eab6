import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/catalogue.ts, as plain data the browser imports without the schema
 * library (`import * as catalogueRoutes from '@tessera/contract/routes/catalogue'`; unused routes drop out of the bundle).
 */

export const getGameVendors = {
  id: 'games.vendors',
  method: 'GET',
  path: '/wps/relay/GCSGAME_gameVendor',
  auth: 'none',
} as const satisfies CallRoute;

export const getGameMenus = {
  id: 'games.menus',
  method: 'GET',
  path: '/lgw/games/game_menus',
  auth: 'none',
} as const satisfies CallRoute;

export const getHotGames = {
  id: 'games.hot',
  method: 'GET',
  path: '/wps/relay/GCSGAME_hotGamesV2',
  auth: 'none',
} as const satisfies CallRoute;

export const getGameList = {
  id: 'games.list',
  method: 'GET',
  path: '/wps/relay/GCSGAME_gameList',
  auth: 'none',
} as const satisfies CallRoute;

export const getVendorClassifies = {
  id: 'games.vendor-classifies',
  method: 'GET',
  path: '/wps/relay/GCSGAME_getVassGameType',
  auth: 'none',
} as const satisfies CallRoute;

export const getPopularGames = {
  id: 'games.popular',
  method: 'GET',
  path: '/lgw/games/popular',
  auth: 'none',
} as const satisfies CallRoute;

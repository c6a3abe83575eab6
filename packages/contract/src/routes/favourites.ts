import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/favourites.ts, as plain data the browser imports without the schema
 * library (`import * as favouritesRoutes from '@tessera/contract/routes/favourites'`; unused routes drop out of the bundle).
 */

export const getFavouriteIds = {
  id: 'favourites.ids',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGames',
  auth: 'token',
} as const satisfies CallRoute;

export const getFavouriteGames = {
  id: 'favourites.list',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGamesList',
  auth: 'token',
} as const satisfies CallRoute;

export const addFavourite = {
  id: 'favourites.add',
  method: 'POST',
  path: '/wps/relay/MCSFE_addFavoriteGameV2',
  auth: 'token',
} as const satisfies CallRoute;

export const removeFavourite = {
  id: 'favourites.remove',
  method: 'DELETE',
  path: '/wps/relay/MCSFE_removeFavoriteGameV2',
  auth: 'token',
} as const satisfies CallRoute;

export const getRecentGames = {
  id: 'favourites.recent',
  method: 'GET',
  path: '/wps/relay/GCS_recentGame',
  auth: 'token',
} as const satisfies CallRoute;

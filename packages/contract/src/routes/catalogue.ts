import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/catalogue.ts, as plain data the browser imports without the schema library. */
export const catalogueRoutes = {
  getGameVendors: { id: 'games.vendors', method: 'GET', path: '/wps/relay/GCSGAME_gameVendor', auth: 'none' },
  getGameMenus: { id: 'games.menus', method: 'GET', path: '/lgw/games/game_menus', auth: 'none' },
  getHotGames: { id: 'games.hot', method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', auth: 'none' },
  getGameList: { id: 'games.list', method: 'GET', path: '/wps/relay/GCSGAME_gameList', auth: 'none' },
  getVendorClassifies: { id: 'games.vendor-classifies', method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', auth: 'none' },
  getPopularGames: { id: 'games.popular', method: 'GET', path: '/lgw/games/popular', auth: 'none' },
} as const satisfies Record<string, CallRoute>;

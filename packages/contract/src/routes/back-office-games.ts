import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/* The back office's games screen: the catalogue's vendors and games (status, order, hot flag) and the lottery draws. */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** The page sizes the games screen's tables offer. */
export const GAMES_PAGE_SIZES = [25, 50, 100] as const;
export const VENDOR_SORTS = ['order', 'name', 'status'] as const;
export const GAME_SORTS = ['order', 'name', 'popularity', 'status'] as const;
export const DRAW_STATUSES = ['scheduled', 'drawn', 'settled', 'void'] as const;
export const DRAW_SORTS = ['draw-asc', 'draw-desc'] as const;

export const vendorList = {
  id: 'bo.games.vendors',
  method: 'GET',
  path: '/bo/api/games/vendors',
  auth: 'staff',
  permission: 'games.edit',
} as const satisfies BackOfficeRoute;

export const vendorExport = {
  id: 'bo.games.vendors.export',
  method: 'GET',
  path: '/bo/api/games/vendors/export',
  auth: 'staff',
  permission: 'games.edit',
} as const satisfies BackOfficeRoute;

export const vendorUpdate = {
  id: 'bo.games.vendors.update',
  method: 'POST',
  path: '/bo/api/games/vendors/update',
  auth: 'staff',
  permission: 'games.edit',
} as const satisfies BackOfficeRoute;

export const gameList = {
  id: 'bo.games.list',
  method: 'GET',
  path: '/bo/api/games',
  auth: 'staff',
  permission: 'games.edit',
} as const satisfies BackOfficeRoute;

export const gameExport = {
  id: 'bo.games.export',
  method: 'GET',
  path: '/bo/api/games/export',
  auth: 'staff',
  permission: 'games.edit',
} as const satisfies BackOfficeRoute;

export const gameUpdate = {
  id: 'bo.games.update',
  method: 'POST',
  path: '/bo/api/games/update',
  auth: 'staff',
  permission: 'games.edit',
} as const satisfies BackOfficeRoute;

export const drawList = {
  id: 'bo.draws.list',
  method: 'GET',
  path: '/bo/api/draws',
  auth: 'staff',
  permission: 'games.edit',
} as const satisfies BackOfficeRoute;

export const drawExport = {
  id: 'bo.draws.export',
  method: 'GET',
  path: '/bo/api/draws/export',
  auth: 'staff',
  permission: 'games.edit',
} as const satisfies BackOfficeRoute;

export const drawVoid = {
  id: 'bo.draws.void',
  method: 'POST',
  path: '/bo/api/draws/void',
  auth: 'staff',
  permission: 'draws.void',
} as const satisfies BackOfficeRoute;

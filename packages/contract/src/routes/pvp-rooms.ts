import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/pvp-rooms.ts, as plain data the browser imports without the schema
 * library (`import * as pvpRoomsRoutes from '@tessera/contract/routes/pvp-rooms'`; unused routes drop out of the bundle).
 */

export const getRoomList = {
  id: 'games.pvpRooms',
  method: 'GET',
  path: '/wps/relay/GLS2_roomList',
  auth: 'none',
} as const satisfies CallRoute;

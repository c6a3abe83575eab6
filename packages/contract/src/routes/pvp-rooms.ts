import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/pvp-rooms.ts, as plain data the browser imports without the schema library. */
export const pvpRoomsRoutes = {
  getRoomList: { id: 'games.pvpRooms', method: 'GET', path: '/wps/relay/GLS2_roomList', auth: 'none' },
} as const satisfies Record<string, CallRoute>;

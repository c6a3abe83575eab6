import { getRoomList } from '@tessera/contract/api/pvp-rooms';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerRelay } from '../../http/relay.js';
import { answerLanguage } from '../../http/request-context.js';
import type { PvpRoomsService } from './service.js';

/** PVP rooms (spec §7.3 GLS2_roomList): token-free, answered in `value.content` as the original reads it. */
export function pvpRoomRoutes(app: FastifyInstance, http: HttpContext, { pvpRooms: pvp }: { pvpRooms: PvpRoomsService }) {
  registerRelay(app, http, getRoomList, async (request) => {
    const { vassalage, language } = request.query;
    const resolved = answerLanguage(request, language);
    return { content: await pvp.rooms(request.merchantCode, resolved, vassalage) };
  });
}

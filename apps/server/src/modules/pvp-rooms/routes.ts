import { getRoomList } from '@tessera/contract/api/pvp-rooms';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance } from 'fastify';
import { registerRelay } from '../../http/relay.js';
import type { AppServices } from '../../http/services.js';
import { resolveLanguage } from '../catalogue/language.js';
import { PvpRoomsService } from './service.js';

/** PVP rooms (spec §7.3 GLS2_roomList): token-free, answered in `value.content` as the original reads it. */
export function pvpRoomRoutes(app: FastifyInstance, services: AppServices) {
  const pvp = new PvpRoomsService(services.db);

  registerRelay(app, services, getRoomList, async (request) => {
    const { vassalage, language } = request.query;
    const resolved = resolveLanguage(language, request.headers[HEADERS.language], request.siteSettings.product);
    return { content: await pvp.rooms(request.merchantCode, resolved, vassalage) };
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import * as pvpRoomsRoutes from '@tessera/contract/routes/pvp-rooms';
import { apiRequest } from '../../../lib/api-client';

/**
 * The rooms of the merchant's PVP vendors, or of one (spec §7.3 `GLS2_roomList`), as game cards named by the room:
 * a room launches like any game, its `roomId` being its game code. Fresh for a minute: rooms open and close.
 */
export const roomListQuery = (language: string, vassalage?: string) =>
  queryOptions({
    queryKey: ['catalogue', 'pvp-rooms', { vassalage, language }],
    queryFn: ({ signal }) =>
      apiRequest(pvpRoomsRoutes.getRoomList, { query: { vassalage, language }, signal }).then((value) =>
        value.content.map(({ roomId, roomName, ...game }): GameItem => ({ ...game, gameId: roomId, gameName: roomName })),
      ),
    staleTime: 60_000,
  });

import { GAME_LIST_MAX_PAGE_SIZE } from '@tessera/contract/api/catalogue';
import type { PvpRoom } from '@tessera/contract/api/pvp-rooms';
import type { CatalogueService } from '../catalogue/service.js';

/** A lobby shows at most this many rooms (five catalogue pages); a vendor with more lists them by its own lobby. */
export const PVP_ROOMS_MAX = 5 * GAME_LIST_MAX_PAGE_SIZE;

/**
 * PVP rooms are the catalogue games of the merchant's PVP vendors: an operator adds rooms as games in the catalogue
 * import, the same visibility rules apply (retired rooms and vendors never show), and launch needs nothing new.
 */
export class PvpRoomsService {
  constructor(private readonly catalogue: CatalogueService) {}

  async rooms(merchantCode: string, language: string, vassalage?: string): Promise<PvpRoom[]> {
    const rooms: PvpRoom[] = [];
    for (let pageNo = 1; rooms.length < PVP_ROOMS_MAX; pageNo++) {
      const page = await this.catalogue.gameList(merchantCode, language, {
        gameType: 'PVP',
        vassalage,
        pageNo,
        pageSize: GAME_LIST_MAX_PAGE_SIZE,
      });
      rooms.push(...page.content.map((game) => ({ ...game, roomId: game.gameId, roomName: game.gameName })));
      if (pageNo >= page.totalPages) break;
    }
    return rooms;
  }
}

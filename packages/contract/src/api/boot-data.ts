import type { GameItem, VendorLane } from './catalogue.js';
import type { AnnouncementLists } from './content.js';
import type { SystemStatus } from './system.js';

/**
 * What the site asks first on every load, inlined by the server into index.html (a non-executed JSON script), so
 * the home page neither waits for these round trips before its first paint nor re-renders when they answer after
 * it. Each part must equal what its call answers: the web reads them as those calls' answers
 * (apps/web/src/app/boot-data.ts) and the server prerenders the home page from them.
 */
export interface BootData {
  /** GET /wps/system/status for this request (no Merchant header: the server's default merchant). */
  status: SystemStatus;
  /** MCSFE_getListAnnouncements as the home page asks it, in `language`; absent unless the site is open. */
  announcements?: { language: string; lists: AnnouncementLists };
  /** The home page's catalogue calls in the same language; absent unless the site is open. */
  catalogue?: {
    language: string;
    /** GCSGAME_gameVendor's `data.lanes`. */
    lanes: VendorLane[];
    /** GCSGAME_hotGamesV2 without a vendor. */
    hotGames: GameItem[];
    /** /lgw/games/popular with the popular lottery's count. */
    popularGames: GameItem[];
  };
}

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

/** The attribute on `#root` of a page that holds the prerendered home page; its value is the page's language. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The web build's prerender of the home page (apps/web/src/app/prerender/render-home.tsx), as the server loads it. */
export interface PrerenderedHome {
  /** The inner HTML of `#root`. */
  html: string;
  /** The language it is written in: the browser keeps it only when it would show the same. */
  language: string;
  /** Its writing direction, for `<html dir>`. */
  dir: 'ltr' | 'rtl';
  /** The tab's title, as the app names the page (a visitor's page stays the server's until a tap starts the app). */
  title: string;
}

/**
 * The cookie in which the web app mirrors the visitor's language choice (local storage `lang`, spec §3), so the
 * server writes the boot data and the prerendered home page in that language: a visitor who chose another
 * language than the site's default is not shown the default one first. Its value is a language code; the server
 * takes it only when the site offers that language.
 */
export const LANGUAGE_COOKIE = 'lang';

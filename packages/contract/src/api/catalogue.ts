import { type Static, Type } from 'typebox';
import { CLASSIFY_PATTERN, GameCategory, VASSALAGE_PATTERN, VendorOpenMode, VisibleStatus } from '../catalogue/categories.js';
import * as routes from '../routes/catalogue.js';
import { PrizeMode } from '../settings.js';
import { defineCall } from './call.js';

/**
 * The game catalogue a visitor browses (spec §2.2, §3, §7.3). Token-free: these are the browse reads of the
 * lobby. Icons are paths relative to the image CDN; names come in the request's language, falling back to en.
 */

const Vassalage = Type.String({ pattern: VASSALAGE_PATTERN, description: 'Vendor code, e.g. TESSERA_RNG' });
const Language = Type.String({
  maxLength: 10,
  description: 'Language code; the Language header is used when absent, the merchant default when unsupported',
});
const Platform = Type.String({ pattern: '^[A-Za-z0-9,_-]{1,60}$', description: "Client platform, e.g. 'flash,html5-desktop'" });
const MerchantCode = Type.String({
  pattern: '^[A-Za-z0-9_]{2,32}$',
  description: 'Must equal the Merchant header when sent (kept for compatibility with the original client)',
});
const IconUrl = Type.String({ description: 'Path relative to the image CDN' });

export const VendorCard = Type.Object({
  vassalage: Type.String(),
  gameType: GameCategory,
  displayName: Type.String(),
  icon: IconUrl,
  largeIcon: IconUrl,
  isHot: Type.Boolean(),
  isGame: VendorOpenMode,
  accountTypeName: Type.String({ description: 'e.g. LOTT, ELOTT, TCG_SEA, TCG_LOTTO_VN' }),
  status: VisibleStatus,
});
export type VendorCard = Static<typeof VendorCard>;

export const GameClassify = Type.Object({
  key: Type.String(),
  displayName: Type.String(),
  gameCount: Type.Integer({ minimum: 0 }),
});
export type GameClassify = Static<typeof GameClassify>;

export const VendorLane = Type.Object({
  title: GameCategory,
  cards: Type.Array(VendorCard),
  gameClassify: Type.Array(GameClassify),
});
export type VendorLane = Static<typeof VendorLane>;

export const GameItem = Type.Object({
  nodeId: Type.Integer({ description: 'Stable id of the game in this merchant (favourites refer to it)' }),
  gameId: Type.String({ description: 'Game code, e.g. TS_LOTUS_FORTUNE' }),
  gameName: Type.String(),
  iconUrl: IconUrl,
  vassalage: Type.String(),
  gameType: GameCategory,
  displayName: Type.String({ description: "The vendor's display name" }),
  classify: Type.String(),
  isHot: Type.Boolean(),
  status: VisibleStatus,
  defaultPlayType: Type.Union([Type.String(), Type.Null()]),
});
export type GameItem = Static<typeof GameItem>;

export const getGameVendors = defineCall(routes.getGameVendors, {
  tags: ['games'],
  summary: 'Navigation lanes: one per category that has an active vendor, in category order, with vendor cards and game classes',
  querystring: Type.Object({ merchantCode: Type.Optional(MerchantCode), platform: Type.Optional(Platform) }),
  value: Type.Object({ data: Type.Object({ lanes: Type.Array(VendorLane) }) }),
});

export const MenuVendor = Type.Object({
  vassalage: Type.String(),
  displayName: Type.String(),
  icon: IconUrl,
  isHot: Type.Boolean(),
  accountTypeName: Type.String(),
  status: VisibleStatus,
  gameCount: Type.Integer({ minimum: 0 }),
  games: Type.Array(GameItem, { description: 'Filled for lottery categories (LOTT, ELOTT); empty otherwise' }),
});
export type MenuVendor = Static<typeof MenuVendor>;

export const getGameMenus = defineCall(routes.getGameMenus, {
  tags: ['games'],
  summary: 'Navigation menu: visible categories with their vendors; lottery vendors list their games',
  querystring: Type.Object({
    gameType: Type.Optional(GameCategory),
    vassalage: Type.Optional(Vassalage),
    language: Type.Optional(Language),
  }),
  value: Type.Object({ menus: Type.Array(Type.Object({ gameType: GameCategory, vendors: Type.Array(MenuVendor) })) }),
});

export const HOT_GAMES_LIMIT = 60;

export const getHotGames = defineCall(routes.getHotGames, {
  tags: ['games'],
  summary: `Hot games (at most ${HOT_GAMES_LIMIT}), optionally of one vendor, in vendor then game order`,
  querystring: Type.Object({
    merchantCode: Type.Optional(MerchantCode),
    isPlatform: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'Sent as 2 by the original client' })),
    vassalage: Type.Optional(Vassalage),
    platform: Type.Optional(Platform),
    language: Type.Optional(Language),
  }),
  value: Type.Object({ list: Type.Array(GameItem) }),
});

export const GAME_LIST_MAX_PAGE_SIZE = 100;
export const GAME_SEARCH_MAX_LENGTH = 50;

export const getGameList = defineCall(routes.getGameList, {
  tags: ['games'],
  summary: 'One page of games, filtered by vendor, category, class and name (case-insensitive substring)',
  querystring: Type.Object({
    vassalage: Type.Optional(Vassalage),
    gameType: Type.Optional(GameCategory),
    classify: Type.Optional(Type.String({ pattern: CLASSIFY_PATTERN })),
    name: Type.Optional(
      Type.String({ maxLength: GAME_SEARCH_MAX_LENGTH, description: 'Search text; trimmed; % and _ are literal' }),
    ),
    pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: GAME_LIST_MAX_PAGE_SIZE, default: 20 }),
    platform: Type.Optional(Platform),
    language: Type.Optional(Language),
  }),
  value: Type.Object({
    content: Type.Array(GameItem),
    pageNum: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    totalPages: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
});

export const getVendorClassifies = defineCall(routes.getVendorClassifies, {
  tags: ['games'],
  summary: "A vendor's game classes with the number of visible games in each (empty for an unknown vendor)",
  querystring: Type.Object({ vassalage: Vassalage, language: Type.Optional(Language) }),
  value: Type.Object({ list: Type.Array(GameClassify) }),
});

export const POPULAR_DEFAULT_COUNT = 20;
export const POPULAR_MAX_COUNT = 100;

export const getPopularGames = defineCall(routes.getPopularGames, {
  tags: ['games'],
  summary: 'Most popular lottery games (LOTT and ELOTT); prizeMode Elott narrows to ELOTT, the others to LOTT',
  querystring: Type.Object({
    count: Type.Integer({ minimum: 1, maximum: POPULAR_MAX_COUNT, default: POPULAR_DEFAULT_COUNT }),
    prizeMode: Type.Optional(PrizeMode),
    device: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$' })),
    language: Type.Optional(Language),
  }),
  value: Type.Object({ list: Type.Array(GameItem) }),
});

export const catalogueCalls = [getGameVendors, getGameMenus, getHotGames, getGameList, getVendorClassifies, getPopularGames];

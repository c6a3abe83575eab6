import { type Static, Type } from 'typebox';

/**
 * The closed list of game categories (spec §2.2), in the spec's order, which is also the default sort order.
 * A category appears in the navigation only while it has at least one active vendor.
 */
export const GAME_CATEGORIES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'] as const;
export const GameCategory = Type.Enum(GAME_CATEGORIES, { description: 'Game category (lane title)' });
export type GameCategory = Static<typeof GameCategory>;

/** Lottery categories: the ones `/lgw/games/popular` and the lottery menus deal with. */
export const LOTTERY_CATEGORIES = ['LOTT', 'ELOTT'] as const satisfies readonly GameCategory[];

/** `retired` hides a vendor or game from every answer without deleting its history. */
export const CATALOGUE_STATUSES = ['active', 'maintenance', 'retired'] as const;
export const CatalogueStatus = Type.Enum(CATALOGUE_STATUSES);
export type CatalogueStatus = Static<typeof CatalogueStatus>;

/** What a status can be in an answer: retired rows are never answered. */
export const VisibleStatus = Type.Enum(['active', 'maintenance'] as const);
export type VisibleStatus = Static<typeof VisibleStatus>;

/**
 * How a vendor card opens (spec §3 `isGame`): VASSALAGE opens a popup list of the vendor's games; DIRECT
 * launches the vendor's own lobby (sports books, live tables).
 */
export const VendorOpenMode = Type.Enum(['VASSALAGE', 'DIRECT'] as const);
export type VendorOpenMode = Static<typeof VendorOpenMode>;

/** Natural keys, shared by the import file and the query strings. */
export const VASSALAGE_PATTERN = '^[A-Z0-9_]{2,40}$';
export const GAME_ID_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';
export const CLASSIFY_PATTERN = '^[A-Z0-9_]{1,32}$';
/**
 * An icon is a path relative to the image CDN (the client prefixes one of `imageCDNs`, or its own origin when
 * that list is empty): no scheme, no `..`, no query.
 */
export const ICON_PATH_PATTERN = '^/[A-Za-z0-9_\\-./]{1,250}\\.(svg|png|webp|jpg|jpeg)$';

import type { VendorCard } from '@tessera/contract/api/catalogue';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import type { ParseKeys } from 'i18next';

export interface LobbyConfig {
  titleKey: ParseKeys;
  /** Games of this category (game list call); absent for the hot list. */
  category?: GameCategory;
  /** The paged game list, the hot games, or the PVP vendors' rooms (`GLS2_roomList`). */
  source: 'list' | 'hot' | 'rooms';
  /** Only these vendors of the category (e.g. /jlrng is JILI's slots). */
  vendorFilter?: (card: VendorCard) => boolean;
  /** A fixed game class (e.g. /vnlottery is the Vietnamese lottery class). */
  classify?: string;
}

// JILI and PG are known by their vendor code in TCG catalogues (game ids JL0078, PG…); an operator who imports
// them under these codes gets the two dedicated lobbies.
const vendorCode = (prefixes: RegExp) => (card: VendorCard) => prefixes.test(card.vassalage) || prefixes.test(card.displayName);

/** The game lobbies of spec 2.1 by route (the lottery routes launch instead: features/game/routes). */
export const LOBBIES: Record<string, LobbyConfig> = {
  '/rng': { titleKey: 'routes.rng', category: 'RNG', source: 'list' },
  '/jlrng': { titleKey: 'routes.jlrng', category: 'RNG', source: 'list', vendorFilter: vendorCode(/^(JL|JILI)\b|^JILI/i) },
  '/pgrng': { titleKey: 'routes.pgrng', category: 'RNG', source: 'list', vendorFilter: vendorCode(/^PG(_|\b)|^PG SOFT/i) },
  '/hot': { titleKey: 'routes.hot', source: 'hot' },
  '/live': { titleKey: 'routes.live', category: 'LIVE', source: 'list' },
  '/fish': { titleKey: 'routes.fish', category: 'FISH', source: 'list' },
  '/pvp': { titleKey: 'routes.pvp', category: 'PVP', source: 'rooms' },
  '/sports': { titleKey: 'routes.sports', category: 'SPORTS', source: 'list' },
  '/esports': { titleKey: 'routes.esports', category: 'ESPORTS', source: 'list' },
};

import type { GameCategory } from '@tessera/contract/catalogue/categories';
import type { ParseKeys } from 'i18next';

/** Where each category of spec 2.2 lives in the site, and its name. */
/** `shortKey`: the name where space is tight (the phone bottom bar). */
export const CATEGORY_ROUTES: Record<GameCategory, { path: string; labelKey: ParseKeys; shortKey: ParseKeys }> = {
  ELOTT: { path: '/elott', labelKey: 'routes.elott', shortKey: 'nav_short.elott' },
  LOTT: { path: '/lottery', labelKey: 'routes.lottery', shortKey: 'nav_short.lottery' },
  LIVE: { path: '/live', labelKey: 'routes.live', shortKey: 'nav_short.live' },
  SPORTS: { path: '/sports', labelKey: 'routes.sports', shortKey: 'nav_short.sports' },
  FISH: { path: '/fish', labelKey: 'routes.fish', shortKey: 'nav_short.fish' },
  RNG: { path: '/rng', labelKey: 'routes.rng', shortKey: 'nav_short.rng' },
  PVP: { path: '/pvp', labelKey: 'routes.pvp', shortKey: 'nav_short.pvp' },
  ESPORTS: { path: '/esports', labelKey: 'routes.esports', shortKey: 'nav_short.esports' },
};

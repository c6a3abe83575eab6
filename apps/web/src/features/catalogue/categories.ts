import type { GameCategory } from '@tessera/contract/catalogue/categories';
import type { ParseKeys } from 'i18next';

/** Where each category of spec 2.2 lives in the site, and its name. */
export const CATEGORY_ROUTES: Record<GameCategory, { path: string; labelKey: ParseKeys }> = {
  ELOTT: { path: '/elott', labelKey: 'routes.elott' },
  LOTT: { path: '/lottery', labelKey: 'routes.lottery' },
  LIVE: { path: '/live', labelKey: 'routes.live' },
  SPORTS: { path: '/sports', labelKey: 'routes.sports' },
  FISH: { path: '/fish', labelKey: 'routes.fish' },
  RNG: { path: '/rng', labelKey: 'routes.rng' },
  PVP: { path: '/pvp', labelKey: 'routes.pvp' },
  ESPORTS: { path: '/esports', labelKey: 'routes.esports' },
};

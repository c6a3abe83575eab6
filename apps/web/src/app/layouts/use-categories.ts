import type { GameCategory } from '@tessera/contract/catalogue/categories';
import { useTranslation } from 'react-i18next';
import { useGameVendors } from '../../features/catalogue/api/get-game-vendors';
import { CATEGORY_ROUTES } from '../../features/catalogue/categories';
import type { IconName } from './icons';

const CATEGORY_ICONS: Record<GameCategory, IconName> = {
  ELOTT: 'elott',
  LOTT: 'lottery',
  LIVE: 'live',
  SPORTS: 'sports',
  FISH: 'fish',
  RNG: 'slot',
  PVP: 'pvp',
  ESPORTS: 'esports',
};

export interface CategoryLink {
  category: GameCategory;
  to: string;
  labelKey: (typeof CATEGORY_ROUTES)[GameCategory]['labelKey'];
  shortKey: (typeof CATEGORY_ROUTES)[GameCategory]['shortKey'];
  icon: IconName;
}

/**
 * Spec 2.2: the navigation's game categories, built from the sorted vendor list; a category shows only when it
 * has vendors. Empty while the list loads or when it cannot be loaded (the rest of the menu still works).
 */
export function useCategoryLinks(): CategoryLink[] {
  const { i18n } = useTranslation();
  const lanes = useGameVendors(i18n.language);
  return (lanes.data ?? []).map((lane) => ({
    category: lane.title,
    to: CATEGORY_ROUTES[lane.title].path,
    labelKey: CATEGORY_ROUTES[lane.title].labelKey,
    shortKey: CATEGORY_ROUTES[lane.title].shortKey,
    icon: CATEGORY_ICONS[lane.title],
  }));
}

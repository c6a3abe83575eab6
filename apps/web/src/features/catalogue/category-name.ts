import { useTranslation } from 'react-i18next';
import { CATEGORY_ROUTES } from './categories';

/** A game category's name in the player's language ("Slots", not "RNG"); a code the site does not know stays as it is. */
export function useCategoryName() {
  const { t } = useTranslation();
  return (code: string): string => {
    const route = CATEGORY_ROUTES[code as keyof typeof CATEGORY_ROUTES];
    return route ? t(route.labelKey) : code;
  };
}

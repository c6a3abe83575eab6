import { queryOptions } from '@tanstack/react-query';
import type { MenuVendor } from '@tessera/contract/api/catalogue';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import { HEADERS } from '@tessera/contract/headers';
import * as catalogueRoutes from '@tessera/contract/routes/catalogue';
import { apiRequest } from '../../../lib/api-client';

/**
 * The lottery vendors of one category with their games (the menu lists games for LOTT and ELOTT only). Fresh
 * for five minutes, like the navigation lanes it mirrors: both change only when an operator edits the catalogue.
 */
export const lotteryMenusQuery = (gameType: GameCategory, language: string) =>
  queryOptions({
    queryKey: ['catalogue', 'menus', gameType, language],
    queryFn: ({ signal }) =>
      apiRequest(catalogueRoutes.getGameMenus, {
        query: { gameType, language },
        headers: { [HEADERS.language]: language },
        signal,
      }),
    select: (value): MenuVendor[] => value.menus.find((menu) => menu.gameType === gameType)?.vendors ?? [],
    staleTime: 5 * 60_000,
  });

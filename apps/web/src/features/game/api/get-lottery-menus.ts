import { queryOptions } from '@tanstack/react-query';
import type { MenuVendor } from '@tessera/contract/api/catalogue';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import { HEADERS } from '@tessera/contract/headers';
import { apiRequest } from '../../../lib/api-client';
import { LOTTERY_LAUNCH_CALLS } from './lottery-calls';

/**
 * The lottery vendors of one category with their games (the menu lists games for LOTT and ELOTT only). Fresh
 * for five minutes, like the navigation lanes it mirrors: both change only when an operator edits the catalogue.
 */
export const lotteryMenusQuery = (gameType: GameCategory, language: string) =>
  queryOptions({
    queryKey: ['catalogue', 'menus', gameType, language],
    queryFn: ({ signal }) =>
      apiRequest<{ menus: { gameType: GameCategory; vendors: MenuVendor[] }[] }>(LOTTERY_LAUNCH_CALLS.menus, {
        query: { gameType, language },
        headers: { [HEADERS.language]: language },
        signal,
      }),
    select: (value): MenuVendor[] => value.menus.find((menu) => menu.gameType === gameType)?.vendors ?? [],
    staleTime: 5 * 60_000,
  });

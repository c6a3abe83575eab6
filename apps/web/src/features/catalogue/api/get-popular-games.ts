import { queryOptions } from '@tanstack/react-query';
import * as catalogueRoutes from '@tessera/contract/routes/catalogue';
import { apiRequest } from '../../../lib/api-client';

/**
 * Spec §9: the popular lottery shows 20 games. The page's boot data asks the call's default count, which a test
 * keeps equal to this (a value import from the contract's api module would bring TypeBox into the entry chunk).
 */
export const POPULAR_LOTTERY_COUNT = 20;

export const popularGamesQuery = (language: string) =>
  queryOptions({
    queryKey: ['catalogue', 'popular', language],
    queryFn: ({ signal }) =>
      apiRequest(catalogueRoutes.getPopularGames, {
        query: { count: POPULAR_LOTTERY_COUNT, device: 'web', language },
        signal,
      }).then((value) => value.list),
    staleTime: 5 * 60_000,
  });

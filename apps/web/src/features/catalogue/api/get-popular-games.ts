import { queryOptions } from '@tanstack/react-query';
import { type GameItem, POPULAR_DEFAULT_COUNT } from '@tessera/contract/api/catalogue';
import { apiRequest, type CallTarget } from '../../../lib/api-client';

/** `getPopularGames` of packages/contract/src/api/catalogue.ts. */
export const popularGamesCall = { method: 'GET', path: '/lgw/games/popular' } as const satisfies CallTarget;

/** Spec §9: the popular lottery shows 20 games, the call's default (which the page's boot data also asks). */
export const POPULAR_LOTTERY_COUNT = POPULAR_DEFAULT_COUNT;

export const popularGamesQuery = (language: string) =>
  queryOptions({
    queryKey: ['catalogue', 'popular', language],
    queryFn: ({ signal }) =>
      apiRequest<{ list: GameItem[] }>(popularGamesCall, {
        query: { count: POPULAR_LOTTERY_COUNT, device: 'web', language },
        signal,
      }).then((value) => value.list),
    staleTime: 5 * 60_000,
  });

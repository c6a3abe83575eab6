import { queryOptions } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import { apiRequest, type CallTarget } from '../../../lib/api-client';

/** `getPopularGames` of packages/contract/src/api/catalogue.ts. */
export const popularGamesCall = { method: 'GET', path: '/lgw/games/popular' } as const satisfies CallTarget;

/**
 * Spec §9: the popular lottery shows 20 games. The page's boot data asks the call's default count, which a test
 * keeps equal to this (a value import from the contract's api module would bring TypeBox into the entry chunk).
 */
export const POPULAR_LOTTERY_COUNT = 20;

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

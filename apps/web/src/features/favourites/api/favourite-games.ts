import { infiniteQueryOptions } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { FAVOURITE_CALLS } from './calls';

export const FAVOURITES_PAGE_SIZE = 24;

interface FavouritePage {
  content: GameItem[];
  pageNum: number;
  totalPages: number;
  total: number;
}

/** Pages of the /fav lobby; refetched after every favourite change (the toggle invalidates ['favourites']). */
export const favouriteGamesQuery = (token: string | null, language: string) =>
  infiniteQueryOptions({
    queryKey: ['favourites', 'games', token, language],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FavouritePage>(FAVOURITE_CALLS.list, {
        query: { pageNo: pageParam, pageSize: FAVOURITES_PAGE_SIZE, language },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: token !== null,
    staleTime: 30_000,
  });

import { infiniteQueryOptions } from '@tanstack/react-query';
import * as favouritesRoutes from '@tessera/contract/routes/favourites';
import { apiRequest } from '../../../lib/api-client';

export const FAVOURITES_PAGE_SIZE = 24;

/** Pages of the /fav lobby; refetched after every favourite change (the toggle invalidates ['favourites']). */
export const favouriteGamesQuery = (token: string | null, language: string) =>
  infiniteQueryOptions({
    queryKey: ['favourites', 'games', token, language],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(favouritesRoutes.getFavouriteGames, {
        query: { pageNo: pageParam, pageSize: FAVOURITES_PAGE_SIZE, language },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: token !== null,
    staleTime: 30_000,
  });

import { queryOptions } from '@tanstack/react-query';
import * as favouritesRoutes from '@tessera/contract/routes/favourites';
import { apiRequest } from '../../../lib/api-client';

/** Games the member launched lately, latest first; refetched when the lobby is opened again after a game. */
export const recentGamesQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: ['favourites', 'recent', token, language],
    queryFn: ({ signal }) =>
      apiRequest(favouritesRoutes.getRecentGames, { query: { language }, signal }).then((value) => value.list),
    enabled: token !== null,
    staleTime: 0,
  });

import { queryOptions } from '@tanstack/react-query';
import * as catalogueRoutes from '@tessera/contract/routes/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { CATALOGUE_PLATFORM } from './get-game-vendors';

/** Hot games, optionally of one vendor; fresh for five minutes. */
export const hotGamesQuery = (language: string, vassalage?: string) =>
  queryOptions({
    queryKey: ['catalogue', 'hot', { vassalage, language }],
    queryFn: ({ signal }) =>
      apiRequest(catalogueRoutes.getHotGames, {
        query: { isPlatform: 2, vassalage, platform: CATALOGUE_PLATFORM, language },
        signal,
      }).then((value) => value.list),
    staleTime: 5 * 60_000,
  });

import { infiniteQueryOptions } from '@tanstack/react-query';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import * as catalogueRoutes from '@tessera/contract/routes/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { CATALOGUE_PLATFORM } from './get-game-vendors';

export const GAME_PAGE_SIZE = 24;

export interface GameListFilter {
  gameType?: GameCategory;
  vassalage?: string;
  classify?: string;
  name?: string;
  language: string;
}

/** Pages of a lobby's games; each page is fresh for a minute (games rarely change during a visit). */
export const gameListQuery = ({ gameType, vassalage, classify, name, language }: GameListFilter) =>
  infiniteQueryOptions({
    queryKey: ['catalogue', 'games', { gameType, vassalage, classify, name: name ?? '', language }],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(catalogueRoutes.getGameList, {
        query: {
          gameType,
          vassalage,
          classify,
          name: name || undefined,
          pageNo: pageParam,
          pageSize: GAME_PAGE_SIZE,
          platform: CATALOGUE_PLATFORM,
          language,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    staleTime: 60_000,
  });

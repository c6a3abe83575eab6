import { infiniteQueryOptions } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import { apiRequest, type CallTarget } from '../../../lib/api-client';
import { CATALOGUE_PLATFORM } from './get-game-vendors';

/** `getGameList` of packages/contract/src/api/catalogue.ts. */
export const gameListCall = { method: 'GET', path: '/wps/relay/GCSGAME_gameList' } as const satisfies CallTarget;

export const GAME_PAGE_SIZE = 24;

export interface GameListPage {
  content: GameItem[];
  pageNum: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

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
      apiRequest<GameListPage>(gameListCall, {
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

import { queryOptions } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import { apiRequest, type CallTarget } from '../../../lib/api-client';
import { CATALOGUE_PLATFORM } from './get-game-vendors';

/** `getHotGames` of packages/contract/src/api/catalogue.ts. */
export const hotGamesCall = { method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2' } as const satisfies CallTarget;

/** Hot games, optionally of one vendor; fresh for five minutes. */
export const hotGamesQuery = (language: string, vassalage?: string) =>
  queryOptions({
    queryKey: ['catalogue', 'hot', { vassalage, language }],
    queryFn: ({ signal }) =>
      apiRequest<{ list: GameItem[] }>(hotGamesCall, {
        query: { isPlatform: 2, vassalage, platform: CATALOGUE_PLATFORM, language },
        signal,
      }).then((value) => value.list),
    staleTime: 5 * 60_000,
  });

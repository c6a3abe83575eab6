import { queryOptions } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { FAVOURITE_CALLS } from './calls';

/** Games the member launched lately, latest first; refetched when the lobby is opened again after a game. */
export const recentGamesQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: ['favourites', 'recent', token, language],
    queryFn: ({ signal }) =>
      apiRequest<{ list: GameItem[] }>(FAVOURITE_CALLS.recent, { query: { language }, signal }).then((value) => value.list),
    enabled: token !== null,
    staleTime: 0,
  });

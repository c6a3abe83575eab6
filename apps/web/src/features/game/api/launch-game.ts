import { queryOptions } from '@tanstack/react-query';
import type { LaunchGameBody } from '@tessera/contract/api/games';
import * as gamesRoutes from '@tessera/contract/routes/games';
import { apiRequest } from '../../../lib/api-client';

/** Spec §3 launch request and §9 launch constants; the session and merchant travel in the headers. */
export const launchBody = (game: { gameId: string; vassalage: string; nodeId?: string }): LaunchGameBody => ({
  gameId: game.gameId,
  vassalage: game.vassalage,
  ...(game.nodeId ? { nodeId: game.nodeId } : {}),
  launchMode: 'GLS',
  platform: 'html5-desktop',
  clientType: 3,
  accountType: 1,
  confirmTrans: 0,
});

/**
 * `POST /wps/game/launchGame` for the /game frame. A query (not a mutation) because the URL is the state: the
 * route's parameters name the game, and a reload launches it again. Each answer holds a one-use ticket, so it
 * is never refetched behind the player's back (that would reload the running game) and is dropped on leaving.
 */
export const launchQuery = (
  token: string | null,
  language: string,
  game: { gameId: string; vassalage: string; nodeId?: string },
) =>
  queryOptions({
    queryKey: ['game', 'launch', token, language, game],
    queryFn: ({ signal }) => apiRequest(gamesRoutes.launchGame, { signal, body: launchBody(game) }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

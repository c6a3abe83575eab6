import { queryOptions } from '@tanstack/react-query';
import type { LaunchGameBody } from '@tessera/contract/api/games';
import * as gamesRoutes from '@tessera/contract/routes/games';
import { apiRequest } from '../../../lib/api-client';
import { launchBody } from './launch-game';

/** Spec §3 "lottery lobby launch": what the lottery screen asks the vendor for, besides the game itself. */
export interface LotteryLobby {
  gameId: string;
  vassalage: string;
  nodeId: number;
  lottoArea: string;
  lottoPrizeMode: string;
  lottoView: 'betting' | 'lobby';
  language: string;
  device: string;
  backUrl: string;
}

export const lotteryLaunchBody = (lobby: LotteryLobby): LaunchGameBody => ({
  ...launchBody({ gameId: lobby.gameId, vassalage: lobby.vassalage, nodeId: String(lobby.nodeId) }),
  launchMode: 'LOTT',
  lottoArea: lobby.lottoArea,
  lottoPrizeMode: lobby.lottoPrizeMode,
  lottoGameCode: lobby.gameId,
  lottoView: lobby.lottoView,
  device: lobby.device,
  backUrl: lobby.backUrl,
  language: lobby.language,
});

/**
 * `POST /wps/game/launchGame` in lottery mode. As with /game (decisions: "The /game route launches the game
 * itself") the answer holds a one-use ticket: never refetched in the background, dropped on leaving.
 */
export const lotteryLaunchQuery = (token: string | null, lobby: LotteryLobby) =>
  queryOptions({
    queryKey: ['game', 'launch-lottery', token, lobby],
    queryFn: ({ signal }) => apiRequest(gamesRoutes.launchGame, { signal, body: lotteryLaunchBody(lobby) }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

import { queryOptions } from '@tanstack/react-query';
import * as raffleRoutes from '@tessera/contract/routes/raffles';
import { apiRequest } from '../../../lib/api-client';

const DRAW_POLL_MS = 5_000;

/**
 * A raffle with the member's tickets and prize: asked afresh each time it shows (tickets grow with every bet), and
 * every few seconds once the draw time has passed until the result is in.
 */
export const raffleQuery = (token: string | null, promotionId: string) =>
  queryOptions({
    queryKey: ['promotions', 'raffle', token, promotionId],
    queryFn: ({ signal }) => apiRequest(raffleRoutes.getRaffle, { signal, query: { promotionId } }),
    staleTime: 0,
    refetchInterval: (query) => {
      const raffle = query.state.data;
      return raffle && raffle.drawnAt === null && raffle.serverTime >= raffle.drawTime - DRAW_POLL_MS ? DRAW_POLL_MS : false;
    },
  });

export const raffleTickets = (promotionId: string) => apiRequest(raffleRoutes.getRaffleTickets, { query: { promotionId } });

import { queryOptions } from '@tanstack/react-query';
import type { WinnerBoard, WinnerPeriod } from '@tessera/contract/api/winners';
import * as winnersRoutes from '@tessera/contract/routes/winners';
import { apiRequest } from '../../../../lib/api-client';

/** Rows the board shows: a fixed count keeps its height fixed (no layout shift when it arrives). */
export const WINNERS_SHOWN = 10;
/** The server shares a board for 10 s; the latest wins are worth a look twice a minute. */
const REFRESH_MS = 30_000;

export const rankListQuery = (board: WinnerBoard, period: WinnerPeriod, language: string) =>
  queryOptions({
    queryKey: ['winners', board, period, language],
    queryFn: ({ signal }) =>
      apiRequest(winnersRoutes.getRankList, {
        query: { board, period, limitNum: WINNERS_SHOWN, language },
        signal,
      }).then((value) => value.list.map((item) => item.vo)),
    staleTime: REFRESH_MS,
    refetchInterval: board === 'latest' ? REFRESH_MS : false,
  });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import * as bettingRecordRoutes from '@tessera/contract/routes/betting-record';
import * as houseGamesRoutes from '@tessera/contract/routes/house-games';
import { apiRequest } from '../../../lib/api-client';

export interface BetsFilter {
  startTime: number;
  endTime: number;
  /** From the URL, as typed: the server answers an unknown category with a field error. */
  gameCategory: string | null;
  gameCode: string | null;
  page: number;
}

/** A page of the betting record; fresh for 15 s, the previous page shown while the next loads. */
export const betsQuery = (token: string | null, language: string, filter: BetsFilter) =>
  queryOptions({
    queryKey: ['betting-record', 'bets', token, language, filter],
    queryFn: ({ signal }) =>
      apiRequest(bettingRecordRoutes.getBettingRecord, {
        signal,
        query: {
          startTime: filter.startTime,
          endTime: filter.endTime,
          page: filter.page,
          gameCategory: (filter.gameCategory ?? undefined) as GameCategory | undefined,
          gameCode: filter.gameCode ?? undefined,
        },
      }),
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** Profit and loss by the player's calendar day (the browser's UTC offset at the range start). */
export const profitQuery = (token: string | null, range: { startTime: number; endTime: number }) =>
  queryOptions({
    queryKey: ['betting-record', 'profit', token, range],
    queryFn: ({ signal }) =>
      apiRequest(bettingRecordRoutes.getPersonalProfit, {
        signal,
        query: { ...range, utcOffsetMinutes: -new Date(range.startTime).getTimezoneOffset() },
      }),
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** One round as the server stored it, with its seed once revealed; the browser re-computes it itself. */
export const verifyQuery = (token: string | null, roundId: string) =>
  queryOptions({
    queryKey: ['betting-record', 'verify', token, roundId],
    queryFn: ({ signal }) => apiRequest(houseGamesRoutes.verifyRound, { signal, query: { roundId } }),
    enabled: token !== null,
    staleTime: 30_000,
  });

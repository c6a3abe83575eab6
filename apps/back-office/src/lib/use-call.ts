import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRoute } from '@tessera/contract/api/call';
import type { AnswerOf, QueryOf } from '@tessera/contract/api/call-types';
import { apiCall } from './api';

/**
 * A read call as screen state: loading, error or data, refetched when its query changes; not made while `enabled` is
 * false, and made again every `refetchMs` when given.
 */
export function useCall<R extends CallRoute>(route: R, query?: QueryOf<R>, enabled = true, refetchMs?: number) {
  return useQuery<AnswerOf<R>, Error>({
    queryKey: [route.id, query ?? null],
    queryFn: ({ signal }) => apiCall(route, { query, signal }),
    placeholderData: (previous) => previous,
    enabled,
    refetchInterval: refetchMs,
  });
}

/** Drops the cached answers of these calls, so the screens showing them load again. */
export function useInvalidate() {
  const client = useQueryClient();
  return (...routes: CallRoute[]) => Promise.all(routes.map((route) => client.invalidateQueries({ queryKey: [route.id] })));
}

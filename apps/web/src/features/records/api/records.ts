import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RecordType } from '@tessera/contract/api/records';
import * as recordsRoutes from '@tessera/contract/routes/records';
import { apiRequest } from '../../../lib/api-client';

export interface RecordsFilter {
  startTime: number;
  endTime: number;
  types: RecordType | null;
  page: number;
}

/** A page of the account record or the bonus details; kept fresh for 15 s, the previous page shown while the next loads. */
export const recordsQuery = (kind: 'transactions' | 'bonuses', token: string | null, filter: RecordsFilter) =>
  queryOptions({
    queryKey: ['records', kind, token, filter],
    queryFn: ({ signal }) => {
      const query = { startTime: filter.startTime, endTime: filter.endTime, page: filter.page };
      return kind === 'transactions'
        ? apiRequest(recordsRoutes.getTransactionHistory, {
            signal,
            query: filter.types ? { ...query, types: filter.types } : query,
          })
        : apiRequest(recordsRoutes.getBonusDetails, { signal, query });
    },
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

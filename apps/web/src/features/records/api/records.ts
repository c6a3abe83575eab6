import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RecordPage, RecordType } from '@tessera/contract/api/records';
import { apiRequest } from '../../../lib/api-client';
import { RECORD_CALLS } from './calls';

export interface RecordsFilter {
  startTime: number;
  endTime: number;
  types: RecordType | null;
  page: number;
}

/** A page of the account record or the bonus details; kept fresh for 15 s, the previous page shown while the next loads. */
export const recordsQuery = (kind: keyof typeof RECORD_CALLS, token: string | null, filter: RecordsFilter) =>
  queryOptions({
    queryKey: ['records', kind, token, filter],
    queryFn: ({ signal }) =>
      apiRequest<RecordPage>(RECORD_CALLS[kind], {
        signal,
        query: {
          startTime: filter.startTime,
          endTime: filter.endTime,
          page: filter.page,
          ...(kind === 'transactions' && filter.types ? { types: filter.types } : {}),
        },
      }),
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NoticePage } from '@tessera/contract/api/content';
import { HEADERS } from '@tessera/contract/headers';
import { apiRequest, type CallTarget } from '../../../lib/api-client';

/** `getNoticeList` of packages/contract/src/api/content.ts. */
export const noticeListCall = { method: 'GET', path: '/wps/relay/MCSFE_getNoticeList' } as const satisfies CallTarget;

/** Spec §2.6 / §9: nine notices a page. */
export const NOTICES_PER_PAGE = 9;

/** One page of player notices; the previous page stays on screen while the next loads. */
export const noticeListQuery = (page: number, language: string) =>
  queryOptions({
    queryKey: ['content', 'notices', { page, language }],
    queryFn: ({ signal }) =>
      apiRequest<NoticePage>(noticeListCall, {
        query: { pageNo: page, pageSize: NOTICES_PER_PAGE, platform: 'W' },
        headers: { [HEADERS.language]: language },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

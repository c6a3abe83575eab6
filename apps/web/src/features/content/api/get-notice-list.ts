import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { HEADERS } from '@tessera/contract/headers';
import * as contentRoutes from '@tessera/contract/routes/content';
import { apiRequest } from '../../../lib/api-client';

/** Spec §2.6 / §9: nine notices a page. */
export const NOTICES_PER_PAGE = 9;

/** One page of player notices; the previous page stays on screen while the next loads. */
export const noticeListQuery = (page: number, language: string) =>
  queryOptions({
    queryKey: ['content', 'notices', { page, language }],
    queryFn: ({ signal }) =>
      apiRequest(contentRoutes.getNoticeList, {
        query: { pageNo: page, pageSize: NOTICES_PER_PAGE, platform: 'W' },
        headers: { [HEADERS.language]: language },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

import { queryOptions } from '@tanstack/react-query';
import { HEADERS } from '@tessera/contract/headers';
import * as contentRoutes from '@tessera/contract/routes/content';
import { apiRequest } from '../../../lib/api-client';

/** Banners, popups, promotions and headlines of the web site, in the active language; fresh for two minutes. */
export const announcementsQuery = (language: string) =>
  queryOptions({
    queryKey: ['content', 'announcements', language],
    queryFn: ({ signal }) =>
      apiRequest(contentRoutes.getListAnnouncements, {
        query: { types: 'B,PU,PR,H', platform: 'W' },
        headers: { [HEADERS.language]: language },
        signal,
      }),
    staleTime: 2 * 60_000,
  });

import { queryOptions } from '@tanstack/react-query';
import type { AnnouncementLists } from '@tessera/contract/api/content';
import { HEADERS } from '@tessera/contract/headers';
import { apiRequest, type CallTarget } from '../../../lib/api-client';

/** `getListAnnouncements` of packages/contract/src/api/content.ts (checked by content-calls.test.ts). */
export const announcementsCall = { method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements' } as const satisfies CallTarget;

/** Banners, popups, promotions and headlines of the web site, in the active language; fresh for two minutes. */
export const announcementsQuery = (language: string) =>
  queryOptions({
    queryKey: ['content', 'announcements', language],
    queryFn: ({ signal }) =>
      apiRequest<AnnouncementLists>(announcementsCall, {
        query: { types: 'B,PU,PR,H', platform: 'W' },
        headers: { [HEADERS.language]: language },
        signal,
      }),
    staleTime: 2 * 60_000,
  });

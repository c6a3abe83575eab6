import { queryOptions, useQuery } from '@tanstack/react-query';
import { HEADERS } from '@tessera/contract/headers';
import * as catalogueRoutes from '@tessera/contract/routes/catalogue';
import { apiRequest } from '../../../lib/api-client';

/** The original client sends this platform with the vendor list (original-platform §4). */
export const CATALOGUE_PLATFORM = 'html5-desktop';

/** The navigation lanes change only when an operator edits the catalogue: fresh for five minutes. */
export const gameVendorsQuery = (language: string) =>
  queryOptions({
    queryKey: ['catalogue', 'vendors', language],
    queryFn: ({ signal }) =>
      apiRequest(catalogueRoutes.getGameVendors, {
        query: { platform: CATALOGUE_PLATFORM },
        headers: { [HEADERS.language]: language },
        signal,
      }),
    select: (value) => value.data.lanes.filter((lane) => lane.cards.length > 0),
    staleTime: 5 * 60_000,
  });

/** Spec 2.2: only lanes with vendors; the server sends them in category order. */
export const useGameVendors = (language: string) => useQuery(gameVendorsQuery(language));

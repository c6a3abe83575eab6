import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { FAVOURITE_CALLS } from './calls';

export interface FavouriteIds {
  list: string[];
}

/** The member's favourite ids (nodeId strings), keyed by the token; the toggle's mutation keeps it current. */
export const favouriteIdsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['favourites', 'ids', token],
    queryFn: ({ signal }) => apiRequest<FavouriteIds>(FAVOURITE_CALLS.ids, { signal }).then((value) => value.list),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export function useFavouriteIds(isEnabled: boolean) {
  const token = useSession((state) => state.token);
  return useQuery({ ...favouriteIdsQuery(token), enabled: isEnabled && token !== null });
}

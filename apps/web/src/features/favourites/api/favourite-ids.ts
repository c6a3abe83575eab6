import { queryOptions, useQuery } from '@tanstack/react-query';
import * as favouritesRoutes from '@tessera/contract/routes/favourites';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The member's favourite ids (nodeId strings), keyed by the token; the toggle's mutation keeps it current. */
export const favouriteIdsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['favourites', 'ids', token],
    queryFn: ({ signal }) => apiRequest(favouritesRoutes.getFavouriteIds, { signal }).then((value) => value.list),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export function useFavouriteIds(isEnabled: boolean) {
  const token = useSession((state) => state.token);
  return useQuery({ ...favouriteIdsQuery(token), enabled: isEnabled && token !== null });
}

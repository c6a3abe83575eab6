import { queryOptions, useQuery } from '@tanstack/react-query';
import * as inboxRoutes from '@tessera/contract/routes/inbox';
import { apiRequest, isSessionLost } from './api-client';
import { useSession } from './session';

/**
 * `CSP_unreadCount`: the inbox's unread messages, shown as a badge on the avatar and the side menu's messages
 * entry. Under the `inbox` key prefix, which the live stream's `inbox` event and the inbox page's changes refresh.
 */
export const unreadCountQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['inbox', 'unread', token],
    queryFn: ({ signal }) => apiRequest(inboxRoutes.unreadCount, { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isSessionLost(error),
  });

/** The unread count of the logged-in member; 0 while unknown. */
export function useUnreadCount(): number {
  const token = useSession((state) => state.token);
  return useQuery(unreadCountQuery(token)).data ?? 0;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import * as accountsRoutes from '@tessera/contract/routes/accounts';
import { apiRequest, isSessionLost } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * `GET /wps/member/info`, keyed by the token so that another login never shows the previous member. Fresh for a
 * minute; a password change or a login invalidates it.
 */
export const memberInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['accounts', 'member-info', token],
    queryFn: ({ signal }) => apiRequest(accountsRoutes.getMemberInfo, { signal }),
    enabled: token !== null,
    staleTime: 60_000,
    retry: (count, error) => count < 2 && !isSessionLost(error),
  });

export function useMemberInfo() {
  const token = useSession((state) => state.token);
  return useQuery(memberInfoQuery(token));
}

/** `GET /wps/relay/MCSFE_getPlayerAvatar`: the header's picture, keyed by the token like member info. */
export const playerAvatarQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['accounts', 'avatar', token],
    queryFn: ({ signal }) => apiRequest(accountsRoutes.getPlayerAvatar, { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isSessionLost(error),
  });

export function usePlayerAvatar() {
  const token = useSession((state) => state.token);
  return useQuery(playerAvatarQuery(token));
}

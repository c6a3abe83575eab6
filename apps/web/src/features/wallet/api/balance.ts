import { queryOptions, useQuery } from '@tanstack/react-query';
import * as walletRoutes from '@tessera/contract/routes/wallet';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * `GET /wps/v2/wallets/balance`, keyed by the token. Never refetched on its own: the live stream replaces it on
 * every change (and asks for a read after reconnecting), and the refresh control refetches it on demand.
 */
export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['wallet', 'balance', token],
    queryFn: ({ signal }) => apiRequest(walletRoutes.getBalance, { signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function useBalance() {
  const token = useSession((state) => state.token);
  return useQuery(balanceQuery(token));
}

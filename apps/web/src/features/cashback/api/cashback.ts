import { queryOptions } from '@tanstack/react-query';
import * as cashbackRoutes from '@tessera/contract/routes/cashback';
import { apiRequest } from '../../../lib/api-client';

/** The claimable cashback grows with every bet: refetched when the page is shown again, fresh for 30 s. */
export const cashbackQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['cashback', token],
    queryFn: ({ signal }) => apiRequest(cashbackRoutes.getCashback, { signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });

export const claimCashback = () => apiRequest(cashbackRoutes.claimCashback, { body: {} });

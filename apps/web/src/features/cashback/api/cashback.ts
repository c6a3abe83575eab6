import { queryOptions } from '@tanstack/react-query';
import type { CashbackClaim, CashbackOverview } from '@tessera/contract/api/cashback';
import { apiRequest } from '../../../lib/api-client';
import { CASHBACK_CALLS } from './calls';

/** The claimable cashback grows with every bet: refetched when the page is shown again, fresh for 30 s. */
export const cashbackQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['cashback', token],
    queryFn: ({ signal }) => apiRequest<CashbackOverview>(CASHBACK_CALLS.get, { signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });

export const claimCashback = () =>
  apiRequest<{ claim: CashbackClaim; overview: CashbackOverview }>(CASHBACK_CALLS.claim, { body: {} });

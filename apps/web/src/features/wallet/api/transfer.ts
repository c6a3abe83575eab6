import { queryOptions } from '@tanstack/react-query';
import type { WalletBalance, WalletTransferBody } from '@tessera/contract/api/wallet';
import { apiRequest } from '../../../lib/api-client';
import { WALLET_CALLS } from './calls';

/** The merchant's wallet mode changes only by operator action: fresh for ten minutes. */
export const merchantWalletQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'merchant-wallet'],
    queryFn: ({ signal }) =>
      apiRequest<{ isSingle: boolean; vendors: { vendor: string; displayName: string }[] }>(WALLET_CALLS.merchantWallet, {
        signal,
      }),
    staleTime: 10 * 60_000,
  });

export const transferFunds = (body: WalletTransferBody) => apiRequest<WalletBalance>(WALLET_CALLS.transfer, { body });

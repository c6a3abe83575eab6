import { queryOptions } from '@tanstack/react-query';
import type { WalletTransferBody } from '@tessera/contract/api/wallet';
import * as walletRoutes from '@tessera/contract/routes/wallet';
import { apiRequest } from '../../../lib/api-client';

/** The merchant's wallet mode changes only by operator action: fresh for ten minutes. */
export const merchantWalletQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'merchant-wallet'],
    queryFn: ({ signal }) =>
      apiRequest(walletRoutes.getMerchantWallet, {
        signal,
      }),
    staleTime: 10 * 60_000,
  });

export const transferFunds = (body: WalletTransferBody) => apiRequest(walletRoutes.walletTransfer, { body });

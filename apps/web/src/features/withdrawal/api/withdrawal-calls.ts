import { queryOptions } from '@tanstack/react-query';
import type { ConfirmWithdrawalBody, CreateWithdrawalBody } from '@tessera/contract/api/withdrawals';
import * as withdrawalsRoutes from '@tessera/contract/routes/withdrawals';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/** Balance and today's remaining limit move with every request: fresh for 10 seconds. */
export const withdrawalInfoQuery = () =>
  queryOptions({
    queryKey: ['withdrawal', 'info'],
    queryFn: ({ signal }) => apiRequest(withdrawalsRoutes.getWithdrawalInfo, { signal }),
    staleTime: 10_000,
  });

/** The member's requests; an approval or rejection arrives as a notification and the operator acts any time. */
export const withdrawalOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: ['withdrawal', 'orders', page],
    queryFn: ({ signal }) => apiRequest(withdrawalsRoutes.listWithdrawals, { signal, query: { page, size: 10 } }),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

export const createWithdrawal = (body: CreateWithdrawalBody) => sealedCall(withdrawalsRoutes.createWithdrawal, body);
export const confirmWithdrawal = (body: ConfirmWithdrawalBody) => apiRequest(withdrawalsRoutes.confirmWithdrawal, { body });

export function reportNotReceived(id: string, proof: File, note: string, onProgress: (fraction: number) => void) {
  const form = new FormData();
  if (note.trim()) form.append('note', note.trim());
  form.append('proof', proof);
  return apiUpload(
    { ...withdrawalsRoutes.reportWithdrawalNotReceived, path: `${withdrawalsRoutes.reportWithdrawalNotReceived.path}?id=${id}` },
    form,
    {
      onProgress,
    },
  );
}

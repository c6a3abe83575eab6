import { queryOptions } from '@tanstack/react-query';
import type { ConfirmWithdrawalBody, CreateWithdrawalBody, Withdrawal, WithdrawalInfo } from '@tessera/contract/api/withdrawals';
import { apiRequest, apiUpload, type CallTarget } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/** The calls of packages/contract/src/api/withdrawals.ts by method and path (withdrawal-calls.test.ts compares them). */
export const WITHDRAWAL_CALLS = {
  info: { method: 'GET', path: '/wps/withdraw/info' },
  create: { method: 'POST', path: '/wps/withdraw/orders' },
  orders: { method: 'GET', path: '/wps/withdraw/orders' },
  confirm: { method: 'POST', path: '/wps/withdraw/confirm' },
  notReceived: { method: 'PUT', path: '/wps/withdraw/not-received' },
} as const satisfies Record<string, CallTarget>;

/** Balance and today's remaining limit move with every request: fresh for 10 seconds. */
export const withdrawalInfoQuery = () =>
  queryOptions({
    queryKey: ['withdrawal', 'info'],
    queryFn: ({ signal }) => apiRequest<WithdrawalInfo>(WITHDRAWAL_CALLS.info, { signal }),
    staleTime: 10_000,
  });

/** The member's requests; an approval or rejection arrives as a notification and the operator acts any time. */
export const withdrawalOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: ['withdrawal', 'orders', page],
    queryFn: ({ signal }) =>
      apiRequest<{ list: Withdrawal[]; total: number }>(WITHDRAWAL_CALLS.orders, { signal, query: { page, size: 10 } }),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

export const createWithdrawal = (body: CreateWithdrawalBody) => sealedCall<Withdrawal>(WITHDRAWAL_CALLS.create, body);
export const confirmWithdrawal = (body: ConfirmWithdrawalBody) => apiRequest<Withdrawal>(WITHDRAWAL_CALLS.confirm, { body });

export function reportNotReceived(id: string, proof: File, note: string, onProgress: (fraction: number) => void) {
  const form = new FormData();
  if (note.trim()) form.append('note', note.trim());
  form.append('proof', proof);
  return apiUpload<Withdrawal>({ ...WITHDRAWAL_CALLS.notReceived, path: `${WITHDRAWAL_CALLS.notReceived.path}?id=${id}` }, form, {
    onProgress,
  });
}

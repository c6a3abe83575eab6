import { queryOptions } from '@tanstack/react-query';
import type { CreateDepositBody, DepositChannel, DepositOrder } from '@tessera/contract/api/deposits';
import { apiRequest, apiUpload, type CallTarget } from '../../../lib/api-client';

/** The calls of packages/contract/src/api/deposits.ts by method and path (calls.test.ts compares them). */
export const DEPOSIT_CALLS = {
  channels: { method: 'GET', path: '/wps/deposit/channels' },
  create: { method: 'POST', path: '/wps/deposit/orders' },
  orders: { method: 'GET', path: '/wps/deposit/orders' },
  proof: { method: 'PUT', path: '/wps/deposit/proof' },
} as const satisfies Record<string, CallTarget>;

/** Channels change only when the operator edits them: fresh for five minutes, per language (names, instructions). */
export const depositChannelsQuery = (language: string) =>
  queryOptions({
    queryKey: ['deposit', 'channels', language],
    queryFn: ({ signal }) =>
      apiRequest<{ channels: DepositChannel[] }>(DEPOSIT_CALLS.channels, { signal, headers: { language } }),
    staleTime: 5 * 60_000,
  });

/** The member's orders; a live notification (approved, rejected…) invalidates them. */
export const depositOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: ['deposit', 'orders', page],
    queryFn: ({ signal }) =>
      apiRequest<{ list: DepositOrder[]; total: number }>(DEPOSIT_CALLS.orders, { signal, query: { page, size: 10 } }),
    staleTime: 30_000,
  });

export const createDeposit = (body: CreateDepositBody) => apiRequest<DepositOrder>(DEPOSIT_CALLS.create, { body });

export function uploadProof(orderId: string, files: File[], onProgress: (fraction: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return apiUpload<DepositOrder>({ ...DEPOSIT_CALLS.proof, path: `${DEPOSIT_CALLS.proof.path}?orderId=${orderId}` }, form, {
    onProgress,
  });
}

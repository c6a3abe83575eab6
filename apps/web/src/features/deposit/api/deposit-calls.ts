import { queryOptions } from '@tanstack/react-query';
import type { CreateDepositBody } from '@tessera/contract/api/deposits';
import * as depositsRoutes from '@tessera/contract/routes/deposits';
import { apiRequest, apiUpload } from '../../../lib/api-client';

/** Channels change only when the operator edits them: fresh for five minutes, per language (names, instructions). */
export const depositChannelsQuery = (language: string) =>
  queryOptions({
    queryKey: ['deposit', 'channels', language],
    queryFn: ({ signal }) => apiRequest(depositsRoutes.listDepositChannels, { signal, headers: { language } }),
    staleTime: 5 * 60_000,
  });

/** The member's orders; a live notification (approved, rejected…) invalidates them. */
export const depositOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: ['deposit', 'orders', page],
    queryFn: ({ signal }) => apiRequest(depositsRoutes.listDepositOrders, { signal, query: { page, size: 10 } }),
    staleTime: 30_000,
  });

/**
 * One order's progress while the player pays on the provider's page. Under the `['deposit', 'orders']` prefix, so
 * the live stream's deposit notifications (approved, failed, expired) refresh it at once; the slow poll only
 * covers a stream that is down.
 */
export const depositOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['deposit', 'orders', 'one', id],
    queryFn: ({ signal }) => apiRequest(depositsRoutes.getDepositOrder, { signal, query: { id } }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 30_000 : false),
  });

export const createDeposit = (body: CreateDepositBody) => apiRequest(depositsRoutes.createDeposit, { body });

export function uploadProof(orderId: string, files: File[], onProgress: (fraction: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return apiUpload(depositsRoutes.uploadDepositProof, form, { query: { orderId }, onProgress });
}

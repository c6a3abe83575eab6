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

export const createDeposit = (body: CreateDepositBody) => apiRequest(depositsRoutes.createDeposit, { body });

export function uploadProof(orderId: string, files: File[], onProgress: (fraction: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return apiUpload(depositsRoutes.uploadDepositProof, form, { query: { orderId }, onProgress });
}

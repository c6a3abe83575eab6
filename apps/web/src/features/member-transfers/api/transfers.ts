import { queryOptions } from '@tanstack/react-query';
import type { MemberTransfer, MemberTransferBody, MemberTransferInfo } from '@tessera/contract/api/member-transfers';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_TRANSFER_CALLS } from './calls';

/** Upline, limits, balance and history; fresh for 15 s (money may arrive from others). */
export const memberTransfersQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member-transfers', token],
    queryFn: ({ signal }) => apiRequest<MemberTransferInfo>(MEMBER_TRANSFER_CALLS.get, { signal }),
    enabled: token !== null,
    staleTime: 15_000,
  });

export const sendTransfer = (body: MemberTransferBody) =>
  apiRequest<{ transfer: MemberTransfer; info: MemberTransferInfo }>(MEMBER_TRANSFER_CALLS.send, { body });

import { queryOptions } from '@tanstack/react-query';
import type { MemberTransferBody } from '@tessera/contract/api/member-transfers';
import * as memberTransfersRoutes from '@tessera/contract/routes/member-transfers';
import { apiRequest } from '../../../lib/api-client';

/** Upline, limits, balance and history; fresh for 15 s (money may arrive from others). */
export const memberTransfersQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member-transfers', token],
    queryFn: ({ signal }) => apiRequest(memberTransfersRoutes.getMemberTransfers, { signal }),
    enabled: token !== null,
    staleTime: 15_000,
  });

export const sendTransfer = (body: MemberTransferBody) => apiRequest(memberTransfersRoutes.sendMemberTransfer, { body });

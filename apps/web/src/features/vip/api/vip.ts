import { queryOptions } from '@tanstack/react-query';
import * as loyaltyRoutes from '@tessera/contract/routes/loyalty';
import { apiRequest } from '../../../lib/api-client';

/** The ladder, and with a session the member's level and progress: counted up to the moment of the read. */
export const vipQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['vip', token],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getVip, { signal }),
    staleTime: 15_000,
  });

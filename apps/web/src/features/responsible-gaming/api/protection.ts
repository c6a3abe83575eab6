import { queryOptions } from '@tanstack/react-query';
import type { SetDepositLimitBody, StartExclusionBody } from '@tessera/contract/api/responsible-gaming';
import * as responsibleGamingRoutes from '@tessera/contract/routes/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';

/** The member's limits and exclusion; fresh for a minute (only the member changes them, through the mutations below). */
export const protectionQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['responsible-gaming', token],
    queryFn: ({ signal }) => apiRequest(responsibleGamingRoutes.getPlayerProtection, { signal }),
    enabled: token !== null,
    staleTime: 60_000,
  });

export const saveDepositLimit = (body: SetDepositLimitBody) => apiRequest(responsibleGamingRoutes.setDepositLimit, { body });
export const takeBreak = (body: StartExclusionBody) => apiRequest(responsibleGamingRoutes.startExclusion, { body });

import { queryOptions } from '@tanstack/react-query';
import type { PlayerProtection, SetDepositLimitBody, StartExclusionBody } from '@tessera/contract/api/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';
import { RG_CALLS } from './calls';

/** The member's limits and exclusion; fresh for a minute (only the member changes them, through the mutations below). */
export const protectionQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['responsible-gaming', token],
    queryFn: ({ signal }) => apiRequest<PlayerProtection>(RG_CALLS.get, { signal }),
    enabled: token !== null,
    staleTime: 60_000,
  });

export const saveDepositLimit = (body: SetDepositLimitBody) => apiRequest<PlayerProtection>(RG_CALLS.setDepositLimit, { body });
export const takeBreak = (body: StartExclusionBody) => apiRequest<PlayerProtection>(RG_CALLS.startExclusion, { body });

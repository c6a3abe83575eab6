import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BodyOf } from '@tessera/contract/api/call-types';
import * as loyaltyRoutes from '@tessera/contract/routes/loyalty';
import { apiRequest, isSessionLost } from './api-client';
import { useSession } from './session';

/**
 * `MCSFE_getMissionSummaryDetails`: the member's missions and the count of rewards to claim — the badge on the
 * members centre's "mission activity" entry, the mission page and the reward centre all read it. Under the
 * `rewards` key prefix, which a claim refreshes.
 */
export const missionSummaryQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['rewards', 'missions', token],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getMissionSummary, { signal }),
    enabled: token !== null,
    staleTime: 15_000,
    retry: (count, error) => count < 2 && !isSessionLost(error),
  });

/** The number of mission rewards the logged-in member can claim now; 0 while unknown. */
export function useClaimableMissions(): number {
  const token = useSession((state) => state.token);
  return useQuery(missionSummaryQuery(token)).data?.claimableCount ?? 0;
}

export const rewardCentreQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['rewards', 'centre', token],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getRewardCenter, { signal }),
    enabled: token !== null,
  });

export const claimReward = (body: BodyOf<typeof loyaltyRoutes.claimReward>) => apiRequest(loyaltyRoutes.claimReward, { body });

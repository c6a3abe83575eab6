import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '@tessera/contract/api/call-types';
import * as agentRoutes from '@tessera/contract/routes/agents';
import { apiRequest } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/** The agent centre's header: invite code, team size, whether balances show. */
export const centreQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['agents', 'centre', token],
    queryFn: ({ signal }) => apiRequest(agentRoutes.agentCentre, { signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });

export const overviewQuery = (token: string | null, range: { fromDay: string; toDay: string }) =>
  queryOptions({
    queryKey: ['agents', 'overview', token, range],
    queryFn: ({ signal }) => apiRequest(agentRoutes.teamOverview, { signal, query: range }),
    enabled: token !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export interface TeamFilter {
  q: string;
  page: number;
}

export const TEAM_PAGE_SIZE = 20;

export const teamQuery = (token: string | null, filter: TeamFilter) =>
  queryOptions({
    queryKey: ['agents', 'team', token, filter],
    queryFn: ({ signal }) =>
      apiRequest(agentRoutes.teamMembers, {
        signal,
        query: { q: filter.q || undefined, page: filter.page, pageSize: TEAM_PAGE_SIZE },
      }),
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const teamMemberQuery = (token: string | null, id: string) =>
  queryOptions({
    queryKey: ['agents', 'team-member', token, id],
    queryFn: ({ signal }) => apiRequest(agentRoutes.teamMember, { signal, query: { id } }),
    enabled: token !== null,
  });

export const registerDownline = (body: BodyOf<typeof agentRoutes.registerDownline>) =>
  sealedCall(agentRoutes.registerDownline, body);

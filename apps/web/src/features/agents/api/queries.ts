import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ContractKind } from '@tessera/contract/agent-contracts';
import type { BodyOf } from '@tessera/contract/api/call-types';
import type { StatementStatus } from '@tessera/contract/routes/agent-income';
import * as incomeRoutes from '@tessera/contract/routes/agent-income';
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

export const noticesQuery = (token: string | null, page: number) =>
  queryOptions({
    queryKey: ['agents', 'notices', token, page],
    queryFn: ({ signal }) => apiRequest(agentRoutes.agentNotices, { signal, query: { page } }),
    enabled: token !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const noticeQuery = (token: string | null, id: string) =>
  queryOptions({
    queryKey: ['agents', 'notice', token, id],
    queryFn: ({ signal }) => apiRequest(agentRoutes.agentNotice, { signal, query: { id } }),
    enabled: token !== null,
  });

export const AGENT_REPORT_PAGE_SIZE = 20;

export interface TeamBettingFilter {
  fromDay: string;
  toDay: string;
  groupBy: (typeof agentRoutes.TEAM_BET_GROUPINGS)[number];
  q: string;
  page: number;
}

export const teamBettingQuery = (token: string | null, filter: TeamBettingFilter) =>
  queryOptions({
    queryKey: ['agents', 'betting', token, filter],
    queryFn: ({ signal }) =>
      apiRequest(agentRoutes.teamBetting, {
        signal,
        query: {
          fromDay: filter.fromDay,
          toDay: filter.toDay,
          groupBy: filter.groupBy,
          q: filter.q || undefined,
          page: filter.page,
          pageSize: AGENT_REPORT_PAGE_SIZE,
        },
      }),
    enabled: token !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export interface UserProfitFilter {
  fromDay: string;
  toDay: string;
  q: string;
  sort: (typeof agentRoutes.USER_PROFIT_SORTS)[number];
  order: 'asc' | 'desc';
  page: number;
}

export const userProfitQuery = (token: string | null, filter: UserProfitFilter) =>
  queryOptions({
    queryKey: ['agents', 'profit', token, filter],
    queryFn: ({ signal }) =>
      apiRequest(agentRoutes.userProfit, {
        signal,
        query: {
          fromDay: filter.fromDay,
          toDay: filter.toDay,
          q: filter.q || undefined,
          sort: filter.sort,
          order: filter.order,
          page: filter.page,
          pageSize: AGENT_REPORT_PAGE_SIZE,
        },
      }),
    enabled: token !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export interface AccountDetailsFilter {
  fromDay: string;
  toDay: string;
  type: (typeof agentRoutes.ACCOUNT_DETAIL_TYPES)[number] | null;
  member: string;
  page: number;
}

export const accountDetailsQuery = (token: string | null, filter: AccountDetailsFilter) =>
  queryOptions({
    queryKey: ['agents', 'details', token, filter],
    queryFn: ({ signal }) =>
      apiRequest(agentRoutes.accountDetails, {
        signal,
        query: {
          fromDay: filter.fromDay,
          toDay: filter.toDay,
          type: filter.type ?? undefined,
          member: filter.member || undefined,
          page: filter.page,
          pageSize: AGENT_REPORT_PAGE_SIZE,
        },
      }),
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export interface IncomeFilter {
  kind: ContractKind | null;
  status: StatementStatus | null;
  page: number;
}

/** "My income": the agent's settlement statements and their totals. */
export const incomeQuery = (token: string | null, filter: IncomeFilter) =>
  queryOptions({
    queryKey: ['agents', 'income', token, filter],
    queryFn: ({ signal }) =>
      apiRequest(incomeRoutes.myIncome, {
        signal,
        query: { kind: filter.kind ?? undefined, status: filter.status ?? undefined, page: filter.page },
      }),
    enabled: token !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const incomeStatementQuery = (token: string | null, id: string) =>
  queryOptions({
    queryKey: ['agents', 'income-statement', token, id],
    queryFn: ({ signal }) => apiRequest(incomeRoutes.myIncomeStatement, { signal, query: { id } }),
    enabled: token !== null,
  });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ContractKind } from '@tessera/contract/agent-contracts';
import type { BodyOf } from '@tessera/contract/api/call-types';
import * as routes from '@tessera/contract/routes/agent-contracts';
import { apiRequest } from '../../../lib/api-client';

/** The agent's contracts of one kind: received from the upline, offered downward (paged), and what they may offer. */
export const contractsQuery = (token: string | null, kind: ContractKind, page: number) =>
  queryOptions({
    queryKey: ['agentContracts', kind, token, page],
    queryFn: ({ signal }) => apiRequest(routes.contracts, { signal, query: { kind, page } }),
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** The body of spec 7.4's calls; the four take the same fields, each with its own kind's tiers. */
export type ProcessBody = BodyOf<typeof routes.processDividend> | BodyOf<typeof routes.processRealTimeSalary>;

/** Offer, accept, reject or terminate through the kind's own call (the four answer alike). */
export const processContract = (kind: ContractKind, body: ProcessBody) =>
  apiRequest(routes.PROCESS_ROUTES[kind] as typeof routes.processDividend, {
    body: body as BodyOf<typeof routes.processDividend>,
  });

/** Spec §3's consolidated contract settings: per kind whether it is on and whether an offer awaits the agent. */
export const contractSettingsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['agentContracts', 'settings', token],
    queryFn: ({ signal }) => apiRequest(routes.contractSettings, { signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });

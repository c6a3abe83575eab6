import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '@tessera/contract/api/call-types';
import * as loyaltyRoutes from '@tessera/contract/routes/loyalty';
import { apiRequest } from '../../../lib/api-client';

export const pointBalanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['points', 'balance', token],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getPointBalance, { signal }),
    enabled: token !== null,
  });

export const pointItemsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['points', 'items', token],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getPointReward, { signal }),
  });

export const pointConfigQuery = () =>
  queryOptions({
    queryKey: ['points', 'config'],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getPointConfig, { signal }),
    staleTime: 60_000,
  });

export const redemptionsQuery = (token: string | null, page: number) =>
  queryOptions({
    queryKey: ['points', 'redemptions', token, page],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getRedeemPointList, { signal, query: { page } }),
    enabled: token !== null,
  });

export const pointDetailsQuery = (token: string | null, page: number) =>
  queryOptions({
    queryKey: ['points', 'details', token, page],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getPointDetails, { signal, query: { page } }),
    enabled: token !== null,
  });

export const redeemItem = (body: BodyOf<typeof loyaltyRoutes.redeemPointReward>) =>
  apiRequest(loyaltyRoutes.redeemPointReward, { body });

export const convertPoints = (body: BodyOf<typeof loyaltyRoutes.convertPoint>) =>
  apiRequest(loyaltyRoutes.convertPoint, { body });

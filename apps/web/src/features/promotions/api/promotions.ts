import { queryOptions } from '@tanstack/react-query';
import * as promotionRoutes from '@tessera/contract/routes/promotions';
import { apiRequest } from '../../../lib/api-client';

/** Statuses depend on the member: the token is part of every key, so logging in or out asks again. */
export const promotionsQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: ['promotions', 'list', token, language],
    queryFn: ({ signal }) => apiRequest(promotionRoutes.listPromotions, { signal, query: {} }),
    staleTime: 30_000,
  });

export const promotionQuery = (token: string | null, language: string, promotionId: string) =>
  queryOptions({
    queryKey: ['promotions', 'detail', token, language, promotionId],
    queryFn: ({ signal }) => apiRequest(promotionRoutes.getPromotion, { signal, query: { promotionId } }),
  });

/** The running bonus: wagering grows with every bet, so it is asked for afresh each time a screen shows it. */
export const activeBonusQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: ['promotions', 'bonus', token, language],
    queryFn: ({ signal }) => apiRequest(promotionRoutes.getActiveBonus, { signal }),
    enabled: token !== null,
    staleTime: 0,
  });

export const joinPromotion = (promotionId: string) => apiRequest(promotionRoutes.joinPromotion, { body: { promotionId } });

/** The invite-friends page: asked afresh each time it shows (a friend's progress and rewards move on their own). */
export const referralQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: ['promotions', 'referral', token, language],
    queryFn: ({ signal }) => apiRequest(promotionRoutes.getReferral, { signal }),
    enabled: token !== null,
    staleTime: 0,
  });

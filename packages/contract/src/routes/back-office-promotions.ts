import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/* The back office's promotions screen: the merchant's promotions, their schedule, budget and claims. */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** Where a promotion stands against now, for the operator: waiting for its start, open, past its end, or closed early. */
export const PROMOTION_ADMIN_STATES = ['scheduled', 'live', 'ended', 'closed'] as const;
export type PromotionAdminState = (typeof PROMOTION_ADMIN_STATES)[number];

const call = <const R extends BackOfficeRoute>(route: R) => route;

export const promotionList = call({
  id: 'bo.promotions.list',
  method: 'GET',
  path: '/bo/api/promotions',
  auth: 'staff',
  permission: 'promotions.manage',
});

export const promotionCreate = call({
  id: 'bo.promotions.create',
  method: 'POST',
  path: '/bo/api/promotions',
  auth: 'staff',
  permission: 'promotions.manage',
});

export const promotionUpdate = call({
  id: 'bo.promotions.update',
  method: 'PUT',
  path: '/bo/api/promotions',
  auth: 'staff',
  permission: 'promotions.manage',
});

export const promotionClose = call({
  id: 'bo.promotions.close',
  method: 'POST',
  path: '/bo/api/promotions/close',
  auth: 'staff',
  permission: 'promotions.manage',
});

/** What two accounts were found to share when a claim is flagged (one bonus per person, not per account). */
export const ABUSE_SIGNALS = ['device', 'ip', 'mobile', 'bank_account'] as const;
export type AbuseSignal = (typeof ABUSE_SIGNALS)[number];

export const promotionReviews = call({
  id: 'bo.promotions.reviews',
  method: 'GET',
  path: '/bo/api/promotions/reviews',
  auth: 'staff',
  permission: 'promotions.review',
});

export const promotionReviewApprove = call({
  id: 'bo.promotions.reviews.approve',
  method: 'POST',
  path: '/bo/api/promotions/reviews/approve',
  auth: 'staff',
  permission: 'promotions.review',
});

export const promotionReviewReject = call({
  id: 'bo.promotions.reviews.reject',
  method: 'POST',
  path: '/bo/api/promotions/reviews/reject',
  auth: 'staff',
  permission: 'promotions.review',
});

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

import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/* The back office's points mall: reward items with their stock, and the queue of redemptions to decide. */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

const call = <const R extends BackOfficeRoute>(route: R) => route;

export const mallItemList = call({
  id: 'bo.mall.items',
  method: 'GET',
  path: '/bo/api/point-mall/items',
  auth: 'staff',
  permission: 'loyalty.manage',
});

export const mallItemCreate = call({
  id: 'bo.mall.items.create',
  method: 'POST',
  path: '/bo/api/point-mall/items',
  auth: 'staff',
  permission: 'loyalty.manage',
});

export const mallItemUpdate = call({
  id: 'bo.mall.items.update',
  method: 'PUT',
  path: '/bo/api/point-mall/items',
  auth: 'staff',
  permission: 'loyalty.manage',
});

export const redemptionList = call({
  id: 'bo.mall.redemptions',
  method: 'GET',
  path: '/bo/api/point-mall/redemptions',
  auth: 'staff',
  permission: 'loyalty.manage',
});

export const redemptionDecide = call({
  id: 'bo.mall.redemptions.decide',
  method: 'POST',
  path: '/bo/api/point-mall/redemptions/decide',
  auth: 'staff',
  permission: 'loyalty.manage',
});

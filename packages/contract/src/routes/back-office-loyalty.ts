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

export const missionList = call({
  id: 'bo.missions',
  method: 'GET',
  path: '/bo/api/missions',
  auth: 'staff',
  permission: 'loyalty.manage',
});

export const missionCreate = call({
  id: 'bo.missions.create',
  method: 'POST',
  path: '/bo/api/missions',
  auth: 'staff',
  permission: 'loyalty.manage',
});

export const missionUpdate = call({
  id: 'bo.missions.update',
  method: 'PUT',
  path: '/bo/api/missions',
  auth: 'staff',
  permission: 'loyalty.manage',
});

export const missionStop = call({
  id: 'bo.missions.stop',
  method: 'POST',
  path: '/bo/api/missions/stop',
  auth: 'staff',
  permission: 'loyalty.manage',
});

export const missionResume = call({
  id: 'bo.missions.resume',
  method: 'POST',
  path: '/bo/api/missions/resume',
  auth: 'staff',
  permission: 'loyalty.manage',
});

import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/loyalty.ts (VIP ranks and points, spec §7.5), as plain data the browser
 * imports without the schema library.
 */

/** Points redemption statuses (spec §4). */
export const REDEMPTION_STATUSES = ['in_process', 'approved', 'rejected'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** Why a member's points changed (points details). */
export const POINTS_ENTRY_TYPES = ['earn', 'redeem', 'refund', 'convert'] as const;
export type PointsEntryType = (typeof POINTS_ENTRY_TYPES)[number];

export const LOYALTY_PAGE_SIZE = 10;

export const getVip = {
  id: 'vip.get',
  method: 'GET',
  path: '/wps/vip',
  auth: 'optional',
} as const satisfies CallRoute;

export const getPointBalance = {
  id: 'points.balance',
  method: 'GET',
  path: '/wps/relay/MCS2_getPointBalance',
  auth: 'token',
} as const satisfies CallRoute;

export const getPointReward = {
  id: 'points.rewards',
  method: 'GET',
  path: '/wps/relay/MCS2_getPointReward',
  auth: 'optional',
} as const satisfies CallRoute;

export const redeemPointReward = {
  id: 'points.redeem',
  method: 'POST',
  path: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
  auth: 'token',
} as const satisfies CallRoute;

export const getRedeemPointList = {
  id: 'points.redemptions',
  method: 'GET',
  path: '/wps/relay/MCS2_getRedeemPointList',
  auth: 'token',
} as const satisfies CallRoute;

export const getPointConfig = {
  id: 'points.config',
  method: 'GET',
  path: '/wps/relay/MCS2_getPointConfig',
  auth: 'none',
} as const satisfies CallRoute;

export const getPointDetails = {
  id: 'points.details',
  method: 'GET',
  path: '/wps/relay/ODSFE2_MemTransDet',
  auth: 'token',
} as const satisfies CallRoute;

export const convertPoint = {
  id: 'points.convert',
  method: 'POST',
  path: '/wps/relay/passwordCheck/MCS2_convertPoint',
  auth: 'token',
} as const satisfies CallRoute;

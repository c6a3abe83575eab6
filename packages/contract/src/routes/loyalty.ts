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

/** What a mission counts: money deposited, valid bet (of one game category or all), bets placed, days logged in. */
export const MISSION_KINDS = ['deposit', 'valid_bet', 'bet_count', 'login_days'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];

/** A daily mission starts again each UTC day, a weekly one each Monday (UTC); a one-off counts once. */
export const MISSION_PERIODS = ['daily', 'weekly', 'once'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

export const MISSION_REWARD_TYPES = ['points', 'bonus'] as const;
export type MissionRewardType = (typeof MISSION_REWARD_TYPES)[number];

export const MISSION_STATUSES = ['in_progress', 'claimable', 'claimed'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

export const LEADERBOARD_PERIODS = ['day', 'week', 'month'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/**
 * Where a reward-centre entry comes from: a completed mission, a promotion the member may claim now, the rebate
 * (cashback) on valid bets since the member's last claim, or a raffle prize won and not yet claimed (id: the raffle's
 * promotion).
 */
export const REWARD_SOURCES = ['mission', 'promotion', 'rebate', 'raffle'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

/** What a reward-centre entry pays: points, bonus money (wagered before it can be withdrawn), or cash to the main wallet. */
export const REWARD_TYPES = ['points', 'bonus', 'cash'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/** The id of the one rebate entry a member has: it pays every category since the last claim. */
export const REBATE_REWARD_ID = '1';

export const getMissionSummary = {
  id: 'missions.summary',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionSummaryDetails',
  auth: 'token',
} as const satisfies CallRoute;

export const getMissionLeaderboard = {
  id: 'missions.leaderboard',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionLeaderboard',
  auth: 'optional',
} as const satisfies CallRoute;

export const getRewardCenter = {
  id: 'rewards.list',
  method: 'GET',
  path: '/wps/relay/MCSFE_getRewardCenter',
  auth: 'token',
} as const satisfies CallRoute;

export const claimReward = {
  id: 'rewards.claim',
  method: 'POST',
  path: '/wps/relay/MCSFE_claimReward',
  auth: 'token',
} as const satisfies CallRoute;

import { type Static, Type } from 'typebox';
import * as routes from '../routes/loyalty.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { NonNegativeMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * Missions and the reward centre (spec §2.4 "mission activity" with its badge and "reward center", §7.4
 * `MCSFE_getMissionSummaryDetails`, `MCSFE_getMissionLeaderboard`). Amounts are decimal strings: points for a points
 * reward, minor units for a bonus.
 */

const TAGS = ['loyalty'];

export const PeriodStart = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: 'The UTC day the mission’s period began (a daily mission’s day, a weekly one’s Monday); 1970-01-01 for a one-off',
});

export const RewardAmount = Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'Points, or bonus in minor units' });

export const MissionView = Type.Object({
  id: RowId,
  name: Type.String(),
  kind: Type.Enum(routes.MISSION_KINDS),
  gameCategory: Type.Union([Type.Null(), Type.String()], { description: 'Bets of this category only; null: any game' }),
  period: Type.Enum(routes.MISSION_PERIODS),
  periodStart: PeriodStart,
  periodEndsAt: Type.Union([Type.Null(), EpochMs('When this period’s counting stops')]),
  target: Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'Minor units for money, else a count' }),
  progress: Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$' }),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  rewardType: Type.Enum(routes.MISSION_REWARD_TYPES),
  rewardAmount: RewardAmount,
  status: Type.Enum(routes.MISSION_STATUSES),
  claimBy: Type.Union([Type.Null(), EpochMs('The last moment the reward can be claimed')]),
});
export type MissionView = Static<typeof MissionView>;

export const MissionSummary = Type.Object({
  list: Type.Array(MissionView),
  claimableCount: Type.Integer({ minimum: 0, description: 'The badge on the members-centre entry' }),
});
export type MissionSummary = Static<typeof MissionSummary>;

export const LeaderboardRow = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  account: Type.String({ description: 'Masked: the first and last characters only' }),
  completed: Type.Integer({ minimum: 1 }),
  me: Type.Boolean(),
});
export type LeaderboardRow = Static<typeof LeaderboardRow>;

export const MissionLeaderboard = Type.Object({
  period: Type.Enum(routes.LEADERBOARD_PERIODS),
  from: EpochMs('The period’s first moment (UTC)'),
  list: Type.Array(LeaderboardRow),
  mine: Type.Union([Type.Null(), LeaderboardRow], { description: 'The member’s own place, also when below the list' }),
});
export type MissionLeaderboard = Static<typeof MissionLeaderboard>;

export const RewardItem = Type.Object({
  source: Type.Enum(routes.REWARD_SOURCES),
  id: RowId,
  periodStart: Type.Union([Type.Null(), PeriodStart], { description: 'A mission reward’s period' }),
  title: Type.String(),
  rewardType: Type.Enum(routes.REWARD_TYPES),
  amount: Type.Union([Type.Null(), RewardAmount], { description: 'Null when it depends on a deposit still to come' }),
  expiresAt: Type.Union([Type.Null(), EpochMs('The last moment to claim it')]),
});
export type RewardItem = Static<typeof RewardItem>;

export const getMissionSummary = defineCall(routes.getMissionSummary, {
  tags: TAGS,
  summary: 'The member’s missions of the current periods with their progress, and how many rewards wait to be claimed',
  value: MissionSummary,
});

export const getMissionLeaderboard = defineCall(routes.getMissionLeaderboard, {
  tags: TAGS,
  summary: 'The members who completed the most missions this day, week or month (UTC), names masked',
  querystring: Type.Object(
    { period: Type.Optional(Type.Enum(routes.LEADERBOARD_PERIODS, { default: 'week' })) },
    { additionalProperties: false },
  ),
  value: MissionLeaderboard,
});

export const getRewardCenter = defineCall(routes.getRewardCenter, {
  tags: TAGS,
  summary:
    'Everything the member can claim now: completed missions’ rewards, promotions open to claim, raffle prizes won and the rebate on valid bets, soonest expiry first',
  value: Type.Object({ list: Type.Array(RewardItem) }),
});

export const claimReward = defineCall(routes.claimReward, {
  tags: TAGS,
  summary:
    'Claim one reward: a mission’s (points into the points balance, bonus into the bonus balance) once per period, a promotion’s, a raffle prize (id: the raffle’s promotion; the claim of MCS2_claimRafflePromotion), or the rebate (id 1: the cashback claim, cash into the main wallet)',
  body: Type.Object(
    {
      source: Type.Enum(routes.REWARD_SOURCES),
      id: RowId,
      periodStart: Type.Optional(PeriodStart),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ claimed: RewardItem }),
});

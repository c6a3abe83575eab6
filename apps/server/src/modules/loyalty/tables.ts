import type { MissionKind, MissionPeriod, MissionRewardType } from '@tessera/contract/routes/loyalty';
import type { ColumnType, Generated } from 'kysely';

/** Owned by `modules/loyalty` (migration 2026-11-28-0650-loyalty). */
export interface LoyaltyTables {
  loyalty_members: LoyaltyMemberTable;
  loyalty_days: LoyaltyDayTable;
  loyalty_level_changes: LoyaltyLevelChangeTable;
  point_mall_items: PointMallItemTable;
  point_redemptions: PointRedemptionTable;
  point_conversions: PointConversionTable;
}

export interface LoyaltyMemberTable {
  member_id: bigint;
  merchant_code: string;
  rank_level: Generated<number>;
  /** The highest level ever reached: an upgrade bonus is paid once per level. */
  highest_level: Generated<number>;
  level_since: Generated<Date>;
  /** The last ledger transfer id counted toward the window and the points. */
  counted_through: Generated<bigint>;
  /** Points earned but not yet whole, in 1/10,000 of a point. */
  points_carry: Generated<number>;
  earned_total: Generated<bigint>;
  /** The month (YYYY-MM) whose VIP monthly bonus has been paid; '' before the first. */
  monthly_paid_for: Generated<string>;
  updated_at: Generated<Date>;
}

export interface LoyaltyDayTable {
  member_id: bigint;
  day: ColumnType<string, string, string>;
  deposits_minor: Generated<bigint>;
  valid_bet_minor: Generated<bigint>;
}

export interface LoyaltyLevelChangeTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  from_level: number;
  to_level: number;
  reason: 'upgrade' | 'downgrade';
  review_day: ColumnType<string | null, string | null, never>;
  at: Generated<Date>;
}

export interface PointMallItemTable {
  id: Generated<bigint>;
  merchant_code: string;
  names: ColumnType<Record<string, string>, string, string>;
  image: string | null;
  points_price: bigint;
  stock: number;
  per_member_limit: number | null;
  active: boolean;
  redeemed_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface PointRedemptionTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  item_id: bigint;
  request_id: string;
  quantity: number;
  points: bigint;
  status: 'in_process' | 'approved' | 'rejected';
  remark: Generated<string>;
  created_at: Generated<Date>;
  decided_at: Date | null;
  decided_by: string | null;
}

export interface PointConversionTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  request_id: string;
  points: bigint;
  amount_minor: bigint;
  created_at: Generated<Date>;
}

/** Owned by `modules/loyalty` (migration 2026-11-28-1300-missions). */
export interface MissionTables {
  missions: MissionTable;
  mission_progress: MissionProgressTable;
}

export interface MissionTable {
  id: Generated<bigint>;
  merchant_code: string;
  names: ColumnType<Record<string, string>, string, string>;
  kind: MissionKind;
  game_category: string | null;
  target: bigint;
  period: MissionPeriod;
  reward_type: MissionRewardType;
  reward_amount: bigint;
  promotion_id: bigint | null;
  starts_at: Generated<Date>;
  stopped_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface MissionProgressTable {
  mission_id: bigint;
  member_id: bigint;
  /** A daily mission's UTC day, a weekly one's Monday, 1970-01-01 for a one-off. */
  period_start: ColumnType<string, string, string>;
  merchant_code: string;
  /** The mission's target when this period's counting began. */
  target: bigint;
  progress: Generated<bigint>;
  completed_at: Date | null;
  claimed_at: Date | null;
}

import type { AbuseSignal } from '@tessera/contract/routes/back-office-promotions';
import type {
  PromotionAudience,
  PromotionType,
  RebatePeriod,
  RebateState,
  ReferralTrigger,
} from '@tessera/contract/routes/promotions';
import type { ColumnType, Generated } from 'kysely';

/** Owned by `modules/promotions`. */
export interface PromotionTables {
  promotions: PromotionTable;
  promotion_claims: PromotionClaimTable;
  promotion_claim_events: PromotionClaimEventTable;
  promotion_audience_members: PromotionAudienceMemberTable;
  promotion_rebate_periods: PromotionRebatePeriodTable;
  promotion_rebates: PromotionRebateTable;
}

export interface PromotionTextRow {
  title: string;
  body: string;
}

export interface PromotionTable {
  id: Generated<bigint>;
  merchant_code: string;
  type: PromotionType;
  /** By language code. */
  texts: ColumnType<Record<string, PromotionTextRow>, string, string>;
  image: string | null;
  starts_at: Date;
  ends_at: Date | null;
  /** Closed early by an operator. */
  closed_at: Date | null;
  audience: PromotionAudience;
  /** Audience `vip`: the levels it is for. */
  audience_vip_levels: ColumnType<number[], string | undefined, string>;
  /** Audience `downline`: the agent whose whole downline it is for. */
  audience_agent_id: bigint | null;
  new_member_days: number;
  match_percent: number | null;
  bonus_cap_minor: bigint;
  min_deposit_minor: bigint | null;
  fixed_bonus_minor: bigint | null;
  wagering_multiplier: number;
  wagering_base: 'bonus' | 'deposit_bonus';
  /** Percent of a bet counted toward wagering, by game category. */
  weights: ColumnType<Record<string, number>, string, string>;
  max_bet_minor: bigint | null;
  expiry_hours: number;
  max_conversion_minor: bigint | null;
  max_claims_per_member: number;
  max_claims_total: number | null;
  budget_minor: bigint | null;
  /** Every claim waits in the back office's review queue before it pays. */
  review: ColumnType<boolean, boolean | undefined, boolean>;
  referral_trigger: ReferralTrigger | null;
  referral_valid_bet_minor: bigint | null;
  /** Loss rebates: the period, the rate in basis points of the net loss, the least loss paid on, the categories counted. */
  rebate_period: RebatePeriod | null;
  rebate_bp: number | null;
  min_loss_minor: bigint | null;
  rebate_categories: ColumnType<string[], string | undefined, string>;
  budget_used_minor: ColumnType<bigint, never, bigint>;
  claims_count: ColumnType<number, never, number>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string;
}

/**
 * joined → applying | issued | rejected; applying → issued | rejected; issued → claimed | expired | forfeited | lost
 * (docs/decisions.md "Promotions").
 */
export type ClaimState = 'joined' | 'applying' | 'issued' | 'claimed' | 'rejected' | 'expired' | 'forfeited' | 'lost';

/** Why a claim was held for review: what the claimant shares with another account. */
export interface ClaimFlag {
  signal: AbuseSignal;
  memberId: string;
}

export interface PromotionClaimTable {
  id: Generated<bigint>;
  merchant_code: string;
  promotion_id: bigint;
  member_id: bigint;
  state: ClaimState;
  reason: string | null;
  deposit_order_id: bigint | null;
  deposit_minor: bigint | null;
  bonus_minor: ColumnType<bigint, bigint | undefined, bigint>;
  required_minor: ColumnType<bigint, bigint | undefined, bigint>;
  wagered_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** The last ledger transfer id counted toward wagering: bets after it are counted next. */
  counted_through: ColumnType<bigint, bigint | undefined, bigint>;
  /** The promotion's terms as they were when the bonus was paid: a later edit changes no running bonus. */
  max_bet_minor: bigint | null;
  weights: ColumnType<Record<string, number>, string | undefined, string>;
  max_conversion_minor: bigint | null;
  expires_at: Date | null;
  converted_minor: bigint | null;
  flags: ColumnType<ClaimFlag[], string | undefined, string>;
  /** The referral whose reward this claim pays (a referral programme's claims only). */
  referral_id: bigint | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PromotionClaimEventTable {
  id: Generated<bigint>;
  claim_id: bigint;
  from_state: ClaimState | null;
  to_state: ClaimState;
  /** `member:<id>`, `staff:<name>`, `job`, `deposit:<orderId>`, `withdrawal`. */
  actor: string;
  detail: ColumnType<Record<string, string | number | null>, string | undefined, never>;
  at: ColumnType<Date, never, never>;
}

/** Audience `members`: the members a promotion is for, one row each. */
export interface PromotionAudienceMemberTable {
  promotion_id: bigint;
  member_id: bigint;
}

/** A loss rebate's period being closed, or closed: the members after `after_member_id` are still to be paid. */
export interface PromotionRebatePeriodTable {
  promotion_id: bigint;
  period_start: Date;
  period_end: Date;
  after_member_id: ColumnType<bigint, bigint | undefined, bigint>;
  closed_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

/**
 * A member's rebate of one period: `waiting` (a bonus rebate while another bonus of theirs runs), `paid`, or
 * `refused` with the reason (responsible gaming, a trial account, outside the audience, the budget spent).
 */
export interface PromotionRebateTable {
  id: Generated<bigint>;
  merchant_code: string;
  promotion_id: bigint;
  member_id: bigint;
  period_start: Date;
  period_end: Date;
  loss_minor: bigint;
  rebate_minor: bigint;
  state: RebateState;
  reason: string | null;
  claim_id: bigint | null;
  transfer_id: bigint | null;
  created_at: ColumnType<Date, never, never>;
  paid_at: Date | null;
}

import type { ColumnType, Generated } from 'kysely';

/** Owned by `modules/referrals`. */
export interface ReferralTables {
  referral_codes: ReferralCodeTable;
  referrals: ReferralTable;
}

/** Each member's own referral code, made the first time it is asked for. */
export interface ReferralCodeTable {
  member_id: bigint;
  merchant_code: string;
  code: string;
  created_at: ColumnType<Date, never, never>;
}

/** A sign-up through a member's referral code (one per referee). */
export interface ReferralTable {
  id: Generated<bigint>;
  merchant_code: string;
  referrer_id: bigint;
  referee_id: bigint;
  code: string;
  /** When the friend met the programme's trigger; the programme whose reward they earned. Both null until then. */
  earned_at: Date | null;
  promotion_id: bigint | null;
  created_at: ColumnType<Date, never, never>;
}

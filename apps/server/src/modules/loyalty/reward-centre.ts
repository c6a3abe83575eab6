import type { RewardItem } from '@tessera/contract/api/missions';
import type { RewardSource } from '@tessera/contract/routes/loyalty';
import { AppError } from '../../platform/app-error.js';
import type { MissionsService } from './missions.js';
import type { Language } from './names.js';
import type { LoyaltyService } from './service.js';

/** The promotions a member may claim now, and claiming one (the promotions module's own rules and money path). */
export interface PromotionRewards {
  claimable(merchant: string, memberId: bigint, language: Language): Promise<RewardItem[]>;
  claim(merchant: string, memberId: bigint, promotionId: bigint, language: Language): Promise<RewardItem>;
}

/** Soonest expiry first; rewards that never expire last. */
const byExpiry = (a: RewardItem, b: RewardItem) =>
  (a.expiresAt ?? Number.MAX_SAFE_INTEGER) - (b.expiresAt ?? Number.MAX_SAFE_INTEGER);

/**
 * The reward centre: one list of what the member can claim now — completed missions' rewards and promotions open to
 * claim — and the claim of each through its own module. VIP upgrade and monthly bonuses are paid without a claim, so
 * they are not waiting here.
 */
export class RewardCentre {
  constructor(
    private readonly loyalty: LoyaltyService,
    private readonly missions: MissionsService,
    private readonly promotions: PromotionRewards,
  ) {}

  async list(merchant: string, memberId: bigint, language: Language): Promise<RewardItem[]> {
    await this.loyalty.catchUp(merchant, memberId);
    const [missions, promotions] = await Promise.all([
      this.missions.claimable(merchant, memberId, language),
      this.promotions.claimable(merchant, memberId, language),
    ]);
    return [...missions, ...promotions].sort(byExpiry);
  }

  async claim(
    merchant: string,
    memberId: bigint,
    reward: { source: RewardSource; id: string; periodStart?: string },
    language: Language,
  ): Promise<RewardItem> {
    if (reward.source === 'promotion') return this.promotions.claim(merchant, memberId, BigInt(reward.id), language);
    if (reward.periodStart === undefined) throw new AppError('loyalty.mission.not.found');
    await this.loyalty.catchUp(merchant, memberId);
    return this.missions.claim(merchant, memberId, BigInt(reward.id), reward.periodStart, language);
  }
}

import type { RewardItem } from '@tessera/contract/api/missions';
import type { MyRafflePrize } from '@tessera/contract/api/raffles';
import { REBATE_REWARD_ID, type RewardSource } from '@tessera/contract/routes/loyalty';
import { AppError } from '../../platform/app-error.js';
import type { MissionsService } from './missions.js';
import type { Language } from './names.js';
import type { LoyaltyService } from './service.js';

/** The promotions a member may claim now, and claiming one (the promotions module's own rules and money path). */
export interface PromotionRewards {
  claimable(merchant: string, memberId: bigint, language: Language): Promise<RewardItem[]>;
  claim(merchant: string, memberId: bigint, promotionId: bigint, language: Language): Promise<RewardItem>;
}

/** The member's rebate on valid bets waiting to be claimed (null: nothing), and claiming it (the cashback module's money path). */
export interface RebateRewards {
  claimable(merchant: string, memberId: bigint): Promise<RewardItem | null>;
  claim(merchant: string, memberId: bigint): Promise<RewardItem>;
}

/** The member's raffle prizes won and not yet claimed, and claiming one (the raffle's own claim, MCS2_claimRafflePromotion). */
export interface RafflePrizeRewards {
  claimable(merchant: string, memberId: bigint, language: Language): Promise<RewardItem[]>;
  claim(merchant: string, memberId: bigint, promotionId: bigint, language: Language): Promise<RewardItem>;
}

/**
 * The rebate's entry: cash into the main wallet, never expiring (it grows with each valid bet until claimed). The web
 * names it in the member's language; the title here is for other readers of the API.
 */
export const rebateReward = (amountMinor: string): RewardItem => ({
  source: 'rebate',
  id: REBATE_REWARD_ID,
  periodStart: null,
  title: 'Rebate on valid bets',
  rewardType: 'cash',
  amount: amountMinor,
  expiresAt: null,
});

/** Soonest expiry first; rewards that never expire last. */
const byExpiry = (a: RewardItem, b: RewardItem) =>
  (a.expiresAt ?? Number.MAX_SAFE_INTEGER) - (b.expiresAt ?? Number.MAX_SAFE_INTEGER);

/**
 * The reward centre: one list of what the member can claim now — completed missions' rewards, promotions open to
 * claim, raffle prizes won and the rebate on valid bets — and the claim of each through its own module. VIP upgrade and monthly bonuses
 * are paid without a claim, so they are not waiting here.
 */
export class RewardCentre {
  constructor(
    private readonly loyalty: LoyaltyService,
    private readonly missions: MissionsService,
    private readonly promotions: PromotionRewards,
    private readonly rebates: RebateRewards,
    private readonly rafflePrizes: RafflePrizeRewards,
  ) {}

  async list(merchant: string, memberId: bigint, language: Language): Promise<RewardItem[]> {
    await this.loyalty.catchUp(merchant, memberId);
    const [missions, promotions, prizes, rebate] = await Promise.all([
      this.missions.claimable(merchant, memberId, language),
      this.promotions.claimable(merchant, memberId, language),
      this.rafflePrizes.claimable(merchant, memberId, language),
      this.rebates.claimable(merchant, memberId),
    ]);
    return [...missions, ...promotions, ...prizes, ...(rebate ? [rebate] : [])].sort(byExpiry);
  }

  async claim(
    merchant: string,
    memberId: bigint,
    reward: { source: RewardSource; id: string; periodStart?: string },
    language: Language,
  ): Promise<RewardItem> {
    if (reward.source === 'promotion') return this.promotions.claim(merchant, memberId, BigInt(reward.id), language);
    if (reward.source === 'raffle') return this.rafflePrizes.claim(merchant, memberId, BigInt(reward.id), language);
    if (reward.source === 'rebate') {
      if (reward.id !== REBATE_REWARD_ID) throw new AppError('cashback.nothing.to.claim');
      return this.rebates.claim(merchant, memberId);
    }
    if (reward.periodStart === undefined) throw new AppError('loyalty.mission.not.found');
    await this.loyalty.catchUp(merchant, memberId);
    return this.missions.claim(merchant, memberId, BigInt(reward.id), reward.periodStart, language);
  }
}

/** A raffle prize's entry: cash into the main wallet or a bonus under the raffle's wagering, claimable until its deadline. */
export const rafflePrizeReward = (
  promotionId: string,
  title: string,
  prize: Pick<MyRafflePrize, 'kind' | 'amountMinor' | 'claimDeadline'>,
): RewardItem => ({
  source: 'raffle',
  id: promotionId,
  periodStart: null,
  title,
  rewardType: prize.kind,
  amount: prize.amountMinor,
  expiresAt: prize.claimDeadline - 1,
});

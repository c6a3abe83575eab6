import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { BonusProgress, Promotion, RebateProgress } from '@tessera/contract/api/promotions';
import {
  DEPOSIT_PROMOTION_TYPES,
  type PromotionReason,
  type PromotionStatus,
  type PromotionType,
} from '@tessera/contract/routes/promotions';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { Ledger } from '../ledger/service.js';
import { isProtectedPlayer } from '../responsible-gaming/service.js';
import { abuseFlags } from './abuse.js';
import { BonusMoney } from './bonus-money.js';
import { inAudience, type MemberFacts, NAMED_AUDIENCES, offerTo, openness, statusOf } from './eligibility.js';
import * as raffleRepo from './raffle/repo.js';
import { type DrawnRaffle, raffleStatusOf } from './raffle/status.js';
import * as repo from './repo.js';
import { progressOf, promotionView, textOf } from './views.js';
import { matchBonus } from './wagering.js';

export interface Language {
  requested: string | null;
  fallback: string;
}

type Trx = Transaction<Database>;

type RebateProgressOf = (promotion: repo.PromotionRow, memberId: bigint) => Promise<RebateProgress | null>;

const notAvailable = (reason: PromotionReason) =>
  new AppError('promo.not.available', {
    fields: [{ field: 'body/promotionId', key: `promotions.reason.${reason}`, params: { reason } }],
  });

/**
 * What other modules know of a member that decides a promotion's audience (composed in services.ts), read through
 * the caller's database handle: inside a deposit's approval that is its transaction.
 */
export interface AudienceSources {
  /** The member's VIP level (the loyalty module). */
  rankOf(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<number>;
  /** Every agent above the member (the agents module's tree). */
  uplinesOf(db: Kysely<Database>, memberId: bigint): Promise<bigint[]>;
}

const NO_SOURCES: AudienceSources = { rankOf: async () => 0, uplinesOf: async () => [] };

/** A bonus another part of the site pays under a promotion's terms (a mission's reward, a raffle's prize). */
export interface RewardBonus {
  merchant: string;
  memberId: bigint;
  promotionId: bigint;
  bonus: bigint;
  /** Names the reward in the claim's events (`mission:<key>`, `raffle:<key>`). */
  rewardKey: string;
}

/** A deposit order the deposits module approved, as its approval hook hands it over (in the approval's transaction). */
export interface ApprovedDeposit {
  merchant: string;
  memberId: bigint;
  orderId: bigint;
  amount: bigint;
}

/**
 * Promotions as the member meets them: the list and detail with the member's status, joining a deposit match or
 * claiming a bonus, the bonus in progress; and the hooks other modules call: a deposit's approval pays a joined
 * deposit match, a withdrawal request forfeits a running bonus once the member confirms.
 */
export class PromotionsService {
  readonly money: BonusMoney;
  private rebateProgress: RebateProgressOf = async () => null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly now: () => Date = () => new Date(),
    private readonly audience: AudienceSources = NO_SOURCES,
  ) {
    this.money = new BonusMoney(ledger, now);
  }

  /** Where a loss rebate's progress for the member comes from (the rebates' period job, composed in services.ts). */
  followRebatesWith(progress: RebateProgressOf): void {
    this.rebateProgress = progress;
  }

  async list(
    merchant: string,
    memberId: bigint | null,
    language: Language,
    filter: { type?: PromotionType; status?: PromotionStatus },
  ): Promise<Promotion[]> {
    const promotions = await repo.selectPromotions(this.db, merchant);
    const member = memberId === null ? null : await this.memberView(this.db, merchant, memberId);
    const now = this.now();
    const views: Promotion[] = [];
    for (const promotion of promotions) {
      // A referral programme is taken part in by inviting friends: its page is "invite friends", not this list.
      if (promotion.type === 'referral') continue;
      if (filter.type && promotion.type !== filter.type) continue;
      const latest = member?.facts.claims.find((claim) => claim.promotion_id === promotion.id);
      const open = openness(promotion, now);
      // Ended promotions stay on the member's list only while they took part in them.
      if (!open.ok && open.reason !== 'coming_soon' && !latest) continue;
      // A promotion for others is not shown, unless the member took part in it before the audience changed.
      if (
        member === null ? NAMED_AUDIENCES.includes(promotion.audience) : !inAudience(promotion, member.facts, now).ok && !latest
      )
        continue;
      const view = this.view(promotion, latest, member, language, now);
      if (!filter.status || view.status === filter.status) views.push(view);
    }
    return views;
  }

  async detail(merchant: string, memberId: bigint | null, promotionId: bigint, language: Language): Promise<Promotion> {
    const promotion = await repo.selectPromotion(this.db, merchant, promotionId);
    if (!promotion) throw new AppError('promo.not.found');
    if (memberId !== null) await this.countWagering(merchant, memberId);
    const member = memberId === null ? null : await this.memberView(this.db, merchant, memberId);
    const latest = member?.facts.claims.find((claim) => claim.promotion_id === promotion.id);
    const view = this.view(promotion, latest, member, language, this.now());
    if (memberId === null || promotion.type !== 'rebate') return view;
    return { ...view, rebate: await this.rebateProgress(promotion, memberId) };
  }

  /**
   * Joins a deposit match (its bonus is paid when the next deposit is approved) or claims a sign-up or free bonus
   * (paid now). Refused with the reason when the member may not (`promo.not.available`).
   */
  async join(merchant: string, memberId: bigint, promotionId: bigint, language: Language): Promise<Promotion> {
    await this.db.transaction().execute(async (trx) => {
      const promotion = await repo.selectPromotion(trx, merchant, promotionId);
      if (!promotion) throw new AppError('promo.not.found');
      if (promotion.type === 'rebate') throw notAvailable('automatic');
      const facts = await this.memberFacts(trx, merchant, memberId);
      const earlier = promotion.type === 'first_deposit' && (await repo.hasEarlierApprovedDeposit(trx, merchant, memberId, null));
      const offer = offerTo(promotion, facts, this.now(), earlier);
      if (!offer.ok) throw notAvailable(offer.reason);
      const claimId = await repo.insertJoinedClaim(trx, merchant, promotion.id, memberId);
      if (claimId === null) throw notAvailable('other_bonus_active');
      const actor = `member:${memberId}`;
      await repo.insertEvent(trx, { claimId, from: null, to: 'joined', actor });
      if (DEPOSIT_PROMOTION_TYPES.includes(promotion.type)) return;
      const claim = await repo.lockClaim(trx, claimId);
      if (!claim) throw new Error('promotion claim vanished in its own transaction');
      const issued = await this.payOrHold(
        trx,
        claim,
        promotion,
        { bonus: promotion.fixed_bonus_minor ?? 0n, deposit: null },
        actor,
        { promotionId: promotion.id },
      );
      // A bonus refused on the spot is an answer, not a stored claim: the member may try another promotion.
      if (issued.state === 'rejected') throw notAvailable(issued.reason as PromotionReason);
    });
    return this.detail(merchant, memberId, promotionId, language);
  }

  /** The member's running bonus (wagering counted first), or the deposit match waiting for its deposit. */
  async activeBonus(merchant: string, memberId: bigint, language: Language) {
    await this.countWagering(merchant, memberId);
    const claim = await repo.selectOpenClaim(this.db, merchant, memberId, false);
    if (!claim) return { bonus: null, joined: null, applying: null };
    const promotion = await repo.selectPromotion(this.db, merchant, claim.promotion_id);
    const title = promotion ? textOf(promotion, language.requested, language.fallback).title : '';
    const waiting = { promotionId: claim.promotion_id.toString(), title };
    if (claim.state === 'joined') return { bonus: null, joined: waiting, applying: null };
    if (claim.state === 'applying') return { bonus: null, joined: null, applying: waiting };
    return { bonus: progressOf(claim, title, await this.bonusBalance(merchant, memberId)), joined: null, applying: null };
  }

  /** Counts the member's bets toward their running bonus now (converting it when met); `claimId` when known. */
  async countWagering(merchant: string, memberId: bigint, claimId?: bigint): Promise<void> {
    const running = claimId ?? (await repo.selectOpenClaim(this.db, merchant, memberId, false))?.id;
    if (running === undefined) return;
    await this.db.transaction().execute(async (trx) => {
      const claim = await repo.lockClaim(trx, running);
      if (claim?.state === 'issued' && claim.member_id === memberId) await this.money.settle(trx, claim, `member:${memberId}`);
    });
  }

  /**
   * The deposits module's approval hook, in the approval's transaction: a joined deposit match is paid from this
   * deposit, or refused with its reason (the deposit itself is credited either way).
   */
  async onDepositApproved(trx: Trx, deposit: ApprovedDeposit): Promise<void> {
    const claim = await repo.selectOpenClaim(trx, deposit.merchant, deposit.memberId, true);
    if (claim?.state !== 'joined') return;
    const promotion = await repo.selectPromotion(trx, deposit.merchant, claim.promotion_id);
    if (!promotion || !DEPOSIT_PROMOTION_TYPES.includes(promotion.type)) return;
    const actor = `deposit:${deposit.orderId}`;
    const open = openness(promotion, this.now());
    const audience = inAudience(promotion, await this.memberFacts(trx, deposit.merchant, deposit.memberId), this.now());
    const refusal: PromotionReason | null = !open.ok
      ? open.reason === 'coming_soon'
        ? 'ended'
        : open.reason
      : !audience.ok
        ? audience.reason
        : promotion.type === 'first_deposit' &&
            (await repo.hasEarlierApprovedDeposit(trx, deposit.merchant, deposit.memberId, deposit.orderId))
          ? 'not_first_deposit'
          : null;
    if (refusal) {
      await this.money.move(
        trx,
        claim,
        'rejected',
        actor,
        { reason: refusal, deposit_order_id: deposit.orderId },
        { reason: refusal },
      );
      return;
    }
    const bonus = matchBonus(
      deposit.amount,
      promotion.match_percent ?? 0,
      promotion.bonus_cap_minor,
      promotion.min_deposit_minor,
    );
    await repo.updateClaim(trx, claim.id, { deposit_order_id: deposit.orderId });
    await this.payOrHold(trx, claim, promotion, { bonus, deposit: deposit.amount }, actor, { promotionId: promotion.id });
  }

  /**
   * Pays a joined claim's bonus now, or holds it for review (`applying`, with what flagged it) when the promotion
   * asks for review or the member shares a device, address, mobile or bank account with `against` (the promotion's
   * other claimants, or a referral's friend). A bonus of nothing is refused at once rather than reviewed.
   */
  async payOrHold(
    trx: Trx,
    claim: repo.ClaimRow,
    promotion: repo.PromotionRow,
    amounts: { bonus: bigint; deposit: bigint | null },
    actor: string,
    against: { promotionId: bigint } | { memberId: bigint },
  ): Promise<{ state: 'issued' | 'claimed' | 'applying' } | { state: 'rejected'; reason: string }> {
    const flags = amounts.bonus > 0n ? await abuseFlags(trx, claim.merchant_code, claim.member_id, against) : [];
    if (amounts.bonus <= 0n || (!promotion.review && flags.length === 0))
      return this.money.issue(trx, claim, promotion, amounts, actor);
    await this.money.move(
      trx,
      claim,
      'applying',
      actor,
      { bonus_minor: amounts.bonus, deposit_minor: amounts.deposit, flags },
      { bonusMinor: amounts.bonus.toString(), flags: flags.map((flag) => `${flag.signal}:${flag.memberId}`).join(' ') },
    );
    return { state: 'applying' };
  }

  /**
   * A referral reward for the referrer, in the caller's transaction with the referral row locked: a claim of the
   * referral programme naming the referral, paid or held for review like any bonus (flagged when the referrer shares
   * a trait with the friend). `blocked` when another bonus of the referrer's is open (one at a time): the reward
   * stays due and is paid by a later call.
   */
  async payReferralReward(
    trx: Trx,
    reward: { merchant: string; referrerId: bigint; refereeId: bigint; referralId: bigint; promotionId: bigint },
  ): Promise<'paid' | 'applying' | 'blocked' | 'refused'> {
    const promotion = await repo.selectPromotion(trx, reward.merchant, reward.promotionId);
    if (promotion?.type !== 'referral') return 'refused';
    if (await repo.selectClaimOfReferral(trx, reward.referralId)) return 'refused';
    const claimId = await repo.insertJoinedClaim(trx, reward.merchant, promotion.id, reward.referrerId, reward.referralId);
    if (claimId === null) return 'blocked';
    const actor = `referral:${reward.referralId}`;
    await repo.insertEvent(trx, { claimId, from: null, to: 'joined', actor, detail: { refereeId: reward.refereeId.toString() } });
    const claim = await repo.lockClaim(trx, claimId);
    if (!claim) throw new Error('promotion claim vanished in its own transaction');
    const outcome = await this.payOrHold(
      trx,
      claim,
      promotion,
      { bonus: promotion.fixed_bonus_minor ?? 0n, deposit: null },
      actor,
      { memberId: reward.refereeId },
    );
    return outcome.state === 'rejected' ? 'refused' : outcome.state === 'applying' ? 'applying' : 'paid';
  }

  /**
   * A mission's bonus reward, in the mission claim's transaction: a claim of the free-bonus promotion the mission
   * names, for the mission's amount, paid or held for review like any bonus under that promotion's wagering and
   * expiry. `blocked` while another bonus of the member's is open (one at a time).
   */
  async payMissionReward(trx: Trx, reward: RewardBonus): Promise<'paid' | 'applying' | 'blocked' | 'refused'> {
    return this.payRewardBonus(trx, reward, 'free', `mission:${reward.rewardKey}`);
  }

  /**
   * A raffle's bonus prize, in the prize claim's transaction: a claim of the raffle promotion itself, paid or held for
   * review under its wagering and expiry. `blocked` while another bonus of the member's is open (one at a time).
   */
  async payRafflePrize(trx: Trx, reward: RewardBonus): Promise<'paid' | 'applying' | 'blocked' | 'refused'> {
    return this.payRewardBonus(trx, reward, 'raffle', `raffle:${reward.rewardKey}`);
  }

  /** Whether the member is one a promotion is for: not a trial account, and inside its audience now. */
  async isForMember(db: Kysely<Database>, promotion: repo.PromotionRow, memberId: bigint): Promise<boolean> {
    const facts = await this.memberFacts(db, promotion.merchant_code, memberId);
    return !facts.trial && inAudience(promotion, facts, this.now()).ok;
  }

  private async payRewardBonus(
    trx: Trx,
    reward: RewardBonus,
    type: PromotionType,
    actor: string,
  ): Promise<'paid' | 'applying' | 'blocked' | 'refused'> {
    const promotion = await repo.selectPromotion(trx, reward.merchant, reward.promotionId);
    if (promotion?.type !== type) return 'refused';
    const claimId = await repo.insertJoinedClaim(trx, reward.merchant, promotion.id, reward.memberId);
    if (claimId === null) return 'blocked';
    await repo.insertEvent(trx, { claimId, from: null, to: 'joined', actor });
    const claim = await repo.lockClaim(trx, claimId);
    if (!claim) throw new Error('promotion claim vanished in its own transaction');
    const outcome = await this.payOrHold(trx, claim, promotion, { bonus: reward.bonus, deposit: null }, actor, {
      promotionId: promotion.id,
    });
    return outcome.state === 'rejected' ? 'refused' : outcome.state === 'applying' ? 'applying' : 'paid';
  }

  /** Whether a promotion of the merchant's is a free bonus (what a mission's bonus reward follows). */
  async isFreeBonus(merchant: string, promotionId: bigint): Promise<boolean> {
    return (await repo.selectPromotion(this.db, merchant, promotionId))?.type === 'free';
  }

  /**
   * The withdrawals module's hook, in the request's transaction: while a bonus is being wagered a withdrawal forfeits
   * it, so it is refused (`promo.bonus.forfeit.unconfirmed` with the amount) until the member confirms; confirmed,
   * the bonus balance returns to the house in the same transaction. Bets not yet counted that meet the requirement
   * convert the bonus first, and then nothing is forfeited.
   */
  async beforeWithdrawal(trx: Trx, merchant: string, memberId: bigint, confirmed: boolean): Promise<void> {
    const open = await repo.selectOpenClaim(trx, merchant, memberId, true);
    if (open?.state !== 'issued') return;
    const actor = `member:${memberId}`;
    if ((await this.money.settle(trx, open, actor)) !== 'issued') return;
    const claim = await repo.lockClaim(trx, open.id);
    if (!claim) return;
    if (!confirmed) {
      const forfeit = await this.ledger.balanceOf(merchant, { kind: 'member_bonus', memberId }, trx);
      throw new AppError('promo.bonus.forfeit.unconfirmed', {
        fields: [
          {
            field: 'body/forfeitBonus',
            key: 'errors.promo_bonus_forfeit_unconfirmed',
            params: { forfeitMinor: forfeit.available.toString(), claimId: claim.id.toString() },
          },
        ],
      });
    }
    await this.money.sweep(trx, claim, 'forfeited', actor);
  }

  private view(
    promotion: repo.PromotionRow,
    latest: repo.ClaimRow | undefined,
    member: {
      facts: MemberFacts;
      earlierDeposit: boolean;
      bonusBalance: bigint;
      drawnRaffles: Map<bigint, DrawnRaffle>;
    } | null,
    language: Language,
    now: Date,
  ): Promotion {
    const text = textOf(promotion, language.requested, language.fallback);
    const offer = member ? offerTo(promotion, member.facts, now, member.earlierDeposit) : null;
    const bonus: BonusProgress | null = latest ? progressOf(latest, text.title, member?.bonusBalance ?? 0n) : null;
    const drawn = promotion.type === 'raffle' ? member?.drawnRaffles.get(promotion.id) : undefined;
    const status = drawn ? raffleStatusOf(drawn, now) : statusOf(promotion, latest, offer, now);
    return promotionView(promotion, text, status, bonus);
  }

  private async memberView(db: Kysely<Database>, merchant: string, memberId: bigint) {
    const facts = await this.memberFacts(db, merchant, memberId);
    const earlierDeposit = await repo.hasEarlierApprovedDeposit(db, merchant, memberId, null);
    const bonusBalance = facts.claims.some((claim) => claim.state === 'issued')
      ? await this.bonusBalance(merchant, memberId)
      : 0n;
    const drawnRaffles = new Map(
      (await raffleRepo.selectDrawnFor(db, merchant, memberId)).map((row) => [
        row.promotion_id,
        { state: row.state, deadline: row.claim_deadline },
      ]),
    );
    return { facts, earlierDeposit, bonusBalance, drawnRaffles };
  }

  /** What decides the member's offers, read through `db` (the caller's transaction when inside one). */
  async memberFacts(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<MemberFacts> {
    const [member, protectedPlayer, claims, rankLevel, uplines, listedIn] = await Promise.all([
      repo.selectMemberFacts(db, merchant, memberId),
      isProtectedPlayer(db, memberId, this.now()),
      repo.selectMemberClaims(db, memberId),
      this.audience.rankOf(db, merchant, memberId),
      this.audience.uplinesOf(db, memberId),
      repo.selectListingPromotions(db, memberId),
    ]);
    if (!member) throw new AppError('promo.not.found');
    return {
      trial: member.agent_type === TRIAL_TYPE,
      registeredAt: member.created_at,
      protectedPlayer,
      claims,
      rankLevel,
      uplines,
      listedIn,
    };
  }

  private async bonusBalance(merchant: string, memberId: bigint): Promise<bigint> {
    return (await this.ledger.balanceOf(merchant, { kind: 'member_bonus', memberId })).available;
  }
}

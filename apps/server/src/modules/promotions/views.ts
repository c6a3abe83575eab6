import type { BonusProgress, Promotion, PromotionTerms } from '@tessera/contract/api/promotions';
import type { PromotionReason, PromotionStatus } from '@tessera/contract/routes/promotions';
import type { ClaimRow, PromotionRow } from './repo.js';

/** The text in the asked language, else the merchant's default, else any. */
export function textOf(promotion: Pick<PromotionRow, 'texts'>, language: string | null, fallback: string) {
  const texts = promotion.texts;
  return (
    (language ? texts[language] : undefined) ?? texts[fallback] ?? texts.en ?? Object.values(texts)[0] ?? { title: '', body: '' }
  );
}

const minorOrNull = (value: bigint | null) => (value === null ? null : value.toString());

export function termsOf(promotion: PromotionRow): PromotionTerms {
  return {
    matchPercent: promotion.match_percent,
    bonusCapMinor: promotion.bonus_cap_minor.toString(),
    minDepositMinor: minorOrNull(promotion.min_deposit_minor),
    fixedBonusMinor: minorOrNull(promotion.fixed_bonus_minor),
    wageringMultiplier: promotion.wagering_multiplier,
    wageringBase: promotion.wagering_base,
    weights: promotion.weights,
    maxBetMinor: minorOrNull(promotion.max_bet_minor),
    expiryHours: promotion.expiry_hours,
    maxConversionMinor: minorOrNull(promotion.max_conversion_minor),
    audience: promotion.audience,
    newMemberDays: promotion.new_member_days,
    maxClaimsPerMember: promotion.max_claims_per_member,
    rebatePeriod: promotion.rebate_period,
    rebateBasisPoints: promotion.rebate_bp,
    minLossMinor: minorOrNull(promotion.min_loss_minor),
    rebateCategories: promotion.rebate_categories,
  };
}

/** A claim's bonus as the member sees it; null for a claim that has not paid one (joined, applying, rejected). */
export function progressOf(claim: ClaimRow, title: string, balance: bigint): BonusProgress | null {
  if (claim.state === 'joined' || claim.state === 'applying' || claim.state === 'rejected') return null;
  return {
    claimId: claim.id.toString(),
    promotionId: claim.promotion_id.toString(),
    title,
    bonusMinor: claim.bonus_minor.toString(),
    depositMinor: minorOrNull(claim.deposit_minor),
    balanceMinor: (claim.state === 'issued' ? balance : 0n).toString(),
    wageredMinor: claim.wagered_minor.toString(),
    requiredMinor: claim.required_minor.toString(),
    maxBetMinor: minorOrNull(claim.max_bet_minor),
    expiresAt: claim.expires_at?.getTime() ?? null,
    convertedMinor: minorOrNull(claim.converted_minor),
  };
}

export function promotionView(
  promotion: PromotionRow,
  text: { title: string; body: string },
  status: { status: PromotionStatus; reason: PromotionReason | null },
  bonus: BonusProgress | null,
): Promotion {
  return {
    id: promotion.id.toString(),
    type: promotion.type,
    title: text.title,
    body: text.body,
    image: promotion.image,
    startTime: promotion.starts_at.getTime(),
    endTime: promotion.ends_at?.getTime() ?? null,
    status: status.status,
    reason: status.reason,
    terms: termsOf(promotion),
    bonus,
  };
}

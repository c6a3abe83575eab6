import { DEPOSIT_PROMOTION_TYPES, type PromotionReason, type PromotionStatus } from '@tessera/contract/routes/promotions';
import { OPEN_STATES } from './claim-states.js';
import type { ClaimRow, PromotionRow } from './repo.js';

const DAY_MS = 24 * 3600_000;

/** What is known of the member asking (null: a guest). */
export interface MemberFacts {
  trial: boolean;
  /** The member's VIP level now. */
  rankLevel: number;
  /** Every agent above the member. */
  uplines: readonly bigint[];
  /** The promotions whose list of accounts names the member. */
  listedIn: ReadonlySet<bigint>;
  registeredAt: Date;
  /** In a time-out or self-exclusion, or with a deposit limit in force (responsible gaming). */
  protectedPlayer: boolean;
  /** The member's claims of every promotion, newest first. */
  claims: readonly ClaimRow[];
}

export type Offer = { ok: true } | { ok: false; reason: PromotionReason };

/** Whether the promotion is open to anyone now (schedule, early close, budget and total claims). */
export function openness(promotion: PromotionRow, now: Date): Offer | { ok: false; reason: 'coming_soon' } {
  if (promotion.starts_at > now) return { ok: false, reason: 'coming_soon' };
  if (promotion.closed_at !== null || (promotion.ends_at !== null && promotion.ends_at <= now))
    return { ok: false, reason: 'ended' };
  const budgetLeft = promotion.budget_minor === null ? null : promotion.budget_minor - promotion.budget_used_minor;
  const smallestBonus = promotion.fixed_bonus_minor ?? 1n;
  if (budgetLeft !== null && budgetLeft < smallestBonus) return { ok: false, reason: 'exhausted' };
  if (promotion.max_claims_total !== null && promotion.claims_count >= promotion.max_claims_total)
    return { ok: false, reason: 'exhausted' };
  return { ok: true };
}

/** Whether the member is among those the promotion is for (its audience). */
export function inAudience(promotion: PromotionRow, member: MemberFacts, now: Date): Offer {
  switch (promotion.audience) {
    case 'new':
      return member.registeredAt.getTime() + promotion.new_member_days * DAY_MS < now.getTime()
        ? { ok: false, reason: 'not_new' }
        : { ok: true };
    case 'vip':
      return promotion.audience_vip_levels.includes(member.rankLevel) ? { ok: true } : { ok: false, reason: 'not_in_audience' };
    case 'downline':
      return promotion.audience_agent_id !== null && member.uplines.includes(promotion.audience_agent_id)
        ? { ok: true }
        : { ok: false, reason: 'not_in_audience' };
    case 'members':
      return member.listedIn.has(promotion.id) ? { ok: true } : { ok: false, reason: 'not_in_audience' };
    default:
      return { ok: true };
  }
}

/** Audiences that name particular members: a guest is not shown them, as they are not offered to the public. */
export const NAMED_AUDIENCES: readonly PromotionRow['audience'][] = ['downline', 'members'];

/**
 * Whether this member may join or claim the promotion now. Responsible gaming comes before any other reason: a
 * protected player is never offered a bonus, whatever else holds.
 */
export function offerTo(promotion: PromotionRow, member: MemberFacts, now: Date, hasEarlierDeposit: boolean): Offer {
  if (promotion.type === 'referral') return { ok: false, reason: 'referral_only' };
  if (promotion.type === 'raffle') return { ok: false, reason: 'raffle_tickets' };
  const open = openness(promotion, now);
  if (!open.ok) return open.reason === 'coming_soon' ? { ok: false, reason: 'ended' } : open;
  if (member.trial) return { ok: false, reason: 'trial_account' };
  if (member.protectedPlayer) return { ok: false, reason: 'responsible_gaming' };
  const audience = inAudience(promotion, member, now);
  if (!audience.ok) return audience;
  // A loss rebate is not claimed: every member it is for takes part, and the period job pays each on its own.
  if (promotion.type === 'rebate') return { ok: true };
  const mine = member.claims.filter((claim) => claim.promotion_id === promotion.id && claim.state !== 'rejected');
  if (mine.length >= promotion.max_claims_per_member) return { ok: false, reason: 'max_claims' };
  if (member.claims.some((claim) => OPEN_STATES.includes(claim.state))) return { ok: false, reason: 'other_bonus_active' };
  if (promotion.type === 'first_deposit' && hasEarlierDeposit) return { ok: false, reason: 'not_first_deposit' };
  return { ok: true };
}

const TERMINAL_REASON: Partial<Record<ClaimRow['state'], PromotionReason>> = {
  expired: 'expired',
  forfeited: 'forfeited',
  lost: 'lost',
};

/** The spec status the member sees, from the promotion, their latest claim of it, and the offer. */
export function statusOf(
  promotion: PromotionRow,
  latest: ClaimRow | undefined,
  offer: Offer | null,
  now: Date,
): { status: PromotionStatus; reason: PromotionReason | null } {
  if (latest?.state === 'joined') return { status: 'joined', reason: null };
  if (latest?.state === 'applying') return { status: 'applying', reason: null };
  if (latest?.state === 'issued') return { status: 'process', reason: null };
  const open = openness(promotion, now);
  if (!open.ok && open.reason === 'coming_soon') return { status: 'coming_soon', reason: null };
  // A raffle is taken part in by betting (tickets come from valid bets); its prize is claimed on its own screen.
  if (promotion.type === 'raffle')
    return open.ok ? { status: 'process', reason: null } : { status: 'close', reason: open.reason };
  if (promotion.type === 'rebate' && open.ok && (offer === null || offer.ok))
    return { status: offer === null ? 'join' : 'process', reason: null };
  if (offer === null || offer.ok) {
    if (open.ok) return { status: DEPOSIT_PROMOTION_TYPES.includes(promotion.type) ? 'join' : 'claim', reason: null };
  }
  if (latest?.state === 'claimed') return { status: 'claimed', reason: null };
  if (latest?.state === 'rejected') return { status: 'rejected', reason: (latest.reason as PromotionReason | null) ?? null };
  const terminal = latest ? TERMINAL_REASON[latest.state] : undefined;
  if (terminal) return { status: 'close', reason: terminal };
  return { status: 'close', reason: !open.ok ? open.reason : offer && !offer.ok ? offer.reason : null };
}

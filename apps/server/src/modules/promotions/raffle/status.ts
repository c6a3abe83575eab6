import type { PromotionReason, PromotionStatus } from '@tessera/contract/routes/promotions';
import type { RafflePrizeState } from '@tessera/contract/routes/raffles';

/** A drawn raffle as one member stands in it: their prize's state and deadline, or nulls when they won nothing. */
export interface DrawnRaffle {
  state: RafflePrizeState | null;
  deadline: Date | null;
}

/** A drawn raffle's status for the member: a prize to claim, claimed, expired, or ended without one. */
export function raffleStatusOf(raffle: DrawnRaffle, now: Date): { status: PromotionStatus; reason: PromotionReason | null } {
  if (raffle.state === 'claimed') return { status: 'claimed', reason: null };
  if (raffle.state === 'won' && raffle.deadline !== null && raffle.deadline > now) return { status: 'claim', reason: null };
  if (raffle.state !== null) return { status: 'close', reason: 'raffle_prize_expired' };
  return { status: 'close', reason: 'ended' };
}

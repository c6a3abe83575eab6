/**
 * Where a slot bet may be paid from. The house vendor knows nothing of bonuses: the promotions module names the running
 * bonus (if any), the round's own statement pays from cash when cash covers the bet, else from the bonus balance when
 * that does (never split), counts the bonus's wagering, and the promotions module is told of every round played while
 * one runs.
 */
export interface StakeOffer {
  /** The running bonus's claim: the round's statement counts its wagering; null when none runs (cash only). */
  claimId: bigint | null;
  /** Whether the bonus balance may pay the bet (not once the bonus has expired). */
  bonusUsable: boolean;
}

/** How the round's statement paid a bet made while a bonus runs. */
export interface Stake {
  /** Paid from the member's bonus balance, and its win paid back there; else from the main wallet. */
  fromBonus: boolean;
  /** What the member has available on the other balance, added to the answer's playable balance. */
  besideMinor: bigint;
}

/** A running bonus's wagering as the round's own statement counted it. */
export interface Wagering {
  wagered: bigint;
  required: bigint;
}

export interface StakeSource {
  /** The running bonus a bet may be paid from; refuses a bet the running bonus does not allow (above its maximum bet). */
  offerFor(merchant: string, memberId: bigint, bet: bigint, gameCategory: string): Promise<StakeOffer>;
  /**
   * After a committed round made while the bonus `claimId` runs (the round's statement chose `stake` and counted its
   * wagering): finishes what the count leaves. `stakeBalanceAfter`: what the account the stake came from has available
   * after the round; `counted`: the wagering after the round's count, null when the statement left the count to this
   * call.
   */
  afterRound(
    merchant: string,
    memberId: bigint,
    claimId: bigint,
    stake: Stake,
    stakeBalanceAfter: bigint,
    counted: Wagering | null,
  ): Promise<void>;
}

export const CASH_OFFER: StakeOffer = { claimId: null, bonusUsable: false };

/** No promotions: every bet is paid in cash. */
export const CASH_ONLY: StakeSource = {
  offerFor: async () => CASH_OFFER,
  afterRound: async () => {},
};

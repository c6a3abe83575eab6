/**
 * Where a slot bet is paid from. The house vendor knows nothing of bonuses: the promotions module answers (cash, or
 * the member's bonus balance while a bonus is wagered) and is told of every round played while one runs.
 */
export interface Stake {
  /** Paid from the member's bonus balance, and its win paid back there; else from the main wallet. */
  fromBonus: boolean;
  /** The running bonus's claim: the round's statement counts its wagering, and it is told of the round after; null when none runs. */
  claimId: bigint | null;
  /** What the member has available on the other balance, added to the answer's playable balance. */
  besideMinor: bigint;
}

/** A running bonus's wagering as the round's own statement counted it. */
export interface Wagering {
  wagered: bigint;
  required: bigint;
}

export interface StakeSource {
  /** Refuses a bet the running bonus does not allow (above its maximum bet). */
  stakeFor(merchant: string, memberId: bigint, bet: bigint, gameCategory: string): Promise<Stake>;
  /**
   * After a committed round staked while a bonus runs (`claimId` set; the round's statement counted its wagering):
   * finishes what the count leaves. `stakeBalanceAfter`: what the account the stake came from has available after the
   * round; `counted`: the wagering after the round's count, null when the statement left the count to this call.
   */
  afterRound(
    merchant: string,
    memberId: bigint,
    stake: Stake,
    stakeBalanceAfter: bigint,
    counted: Wagering | null,
  ): Promise<void>;
}

export const CASH_STAKE: Stake = { fromBonus: false, claimId: null, besideMinor: 0n };

/** No promotions: every bet is paid in cash. */
export const CASH_ONLY: StakeSource = {
  stakeFor: async () => CASH_STAKE,
  afterRound: async () => {},
};

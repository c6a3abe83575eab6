import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type JobContext, schedule } from '../jobs/service.js';
import type { AccountRef, Ledger } from '../ledger/service.js';
import { isProtectedPlayer } from '../responsible-gaming/service.js';
import { assertMove } from './claim-states.js';
import * as repo from './repo.js';
import type { ClaimState } from './tables.js';
import { conversion, wageringRequired } from './wagering.js';

/** The durable job that ends a bonus at its expiry (payload `claimId`). */
export const BONUS_EXPIRY_JOB = 'promotions.bonus-expiry';

const HOUSE_PROMOTIONS: AccountRef = { kind: 'house', purpose: 'promotions' };
const bonusAccount = (memberId: bigint): AccountRef => ({ kind: 'member_bonus', memberId });
const HOUR_MS = 3600_000;

type Trx = Transaction<Database>;

/**
 * A claim's money, always through the ledger and always in the caller's transaction with the claim row locked by
 * it: the bonus paid from the house's promotions account into the member's bonus account (never the main wallet),
 * wagering counted from the ledger's own bet transfers, and the one ending of a bonus — converted to cash, or
 * returned to the house on expiry or forfeit. Every state change writes a `promotion_claim_events` row. Lock
 * order: claim row, then the member's bonus account (`Ledger.lockedMemberBalance`), then the transfers.
 */
export class BonusMoney {
  constructor(
    private readonly ledger: Ledger,
    private readonly now: () => Date,
  ) {}

  /**
   * Pays a joined claim's bonus, or refuses it (`rejected` with its reason) when the member is now a protected
   * player, the bonus is nothing, or the budget or total claims cannot cover it.
   */
  async issue(
    trx: Trx,
    claim: repo.ClaimRow,
    promotion: repo.PromotionRow,
    amounts: { bonus: bigint; deposit: bigint | null },
    actor: string,
  ): Promise<{ state: 'issued' | 'claimed' } | { state: 'rejected'; reason: string }> {
    const refusal = (await isProtectedPlayer(trx, claim.member_id, this.now()))
      ? 'responsible_gaming'
      : amounts.bonus <= 0n
        ? 'below_min_deposit'
        : !(await repo.takeFromBudget(trx, promotion.id, amounts.bonus))
          ? 'exhausted'
          : null;
    if (refusal) {
      await this.move(trx, claim, 'rejected', actor, { reason: refusal, deposit_minor: amounts.deposit }, { reason: refusal });
      return { state: 'rejected', reason: refusal };
    }
    const receipt = await this.ledger.transfer(
      {
        merchant: claim.merchant_code,
        from: HOUSE_PROMOTIONS,
        to: bonusAccount(claim.member_id),
        amount: amounts.bonus,
        kind: 'bonus',
        cause: { type: 'member', id: claim.member_id.toString() },
        idempotencyKey: `promotion-grant:${claim.id}`,
        memo: { claimId: claim.id.toString(), promotionId: promotion.id.toString() },
      },
      trx,
    );
    const expiresAt = new Date(this.now().getTime() + promotion.expiry_hours * HOUR_MS);
    const issued: repo.ClaimRow = {
      ...claim,
      state: 'issued',
      bonus_minor: amounts.bonus,
      deposit_minor: amounts.deposit,
      required_minor: wageringRequired(promotion.wagering_multiplier, promotion.wagering_base, amounts.bonus, amounts.deposit),
      counted_through: receipt.id,
      max_bet_minor: promotion.max_bet_minor,
      weights: promotion.weights,
      max_conversion_minor: promotion.max_conversion_minor,
      expires_at: expiresAt,
    };
    await this.move(
      trx,
      claim,
      'issued',
      actor,
      {
        bonus_minor: issued.bonus_minor,
        deposit_minor: issued.deposit_minor,
        required_minor: issued.required_minor,
        counted_through: issued.counted_through,
        max_bet_minor: issued.max_bet_minor,
        weights: issued.weights,
        max_conversion_minor: issued.max_conversion_minor,
        expires_at: expiresAt,
      },
      {
        bonusMinor: amounts.bonus.toString(),
        requiredMinor: issued.required_minor.toString(),
        transferId: receipt.id.toString(),
      },
    );
    await schedule(trx, {
      kind: BONUS_EXPIRY_JOB,
      runAt: expiresAt,
      payload: { claimId: claim.id.toString() },
      dedupeKey: `promotion-expiry:${claim.id}`,
    });
    if (issued.required_minor === 0n) {
      await this.convert(trx, issued, issued.wagered_minor, issued.counted_through, actor);
      return { state: 'claimed' };
    }
    return { state: 'issued' };
  }

  /**
   * Counts the member's bets since the last count toward wagering; converts the bonus when the requirement is met,
   * or ends it as lost when its balance is spent. The claim must be `issued` and locked. Answers the state after.
   */
  async settle(trx: Trx, claim: repo.ClaimRow, actor: string): Promise<ClaimState> {
    const { weighted, through } = await repo.countNewBets(trx, claim);
    const wagered = claim.wagered_minor + weighted;
    if (wagered >= claim.required_minor) {
      await this.convert(trx, claim, wagered, through, actor);
      return 'claimed';
    }
    const { balance } = await this.ledger.lockedMemberBalance(claim.merchant_code, bonusAccount(claim.member_id), trx);
    if (balance === 0n) {
      await this.move(
        trx,
        claim,
        'lost',
        actor,
        { wagered_minor: wagered, counted_through: through },
        { wageredMinor: wagered.toString() },
      );
      return 'lost';
    }
    if (through !== claim.counted_through)
      await repo.updateClaim(trx, claim.id, { wagered_minor: wagered, counted_through: through });
    return 'issued';
  }

  /** Wagering met: the bonus balance becomes cash up to the conversion cap, the rest returns to the house; once. */
  private async convert(trx: Trx, claim: repo.ClaimRow, wagered: bigint, through: bigint, actor: string): Promise<void> {
    const { available } = await this.ledger.lockedMemberBalance(claim.merchant_code, bonusAccount(claim.member_id), trx);
    const { toCash, toHouse } = conversion(available, claim.max_conversion_minor);
    if (toCash > 0n) {
      await this.ledger.transfer(
        {
          merchant: claim.merchant_code,
          from: bonusAccount(claim.member_id),
          to: { kind: 'member_main', memberId: claim.member_id },
          amount: toCash,
          kind: 'bonus',
          cause: { type: 'member', id: claim.member_id.toString() },
          idempotencyKey: `promotion-convert:${claim.id}`,
          memo: { claimId: claim.id.toString(), promotionId: claim.promotion_id.toString(), converted: true },
        },
        trx,
      );
    }
    await this.toHouse(trx, claim, toHouse, 'conversion-cap');
    await this.move(
      trx,
      claim,
      'claimed',
      actor,
      { wagered_minor: wagered, counted_through: through, converted_minor: toCash },
      { convertedMinor: toCash.toString(), returnedMinor: toHouse.toString(), wageredMinor: wagered.toString() },
    );
  }

  /** Ends an issued bonus, returning its whole balance to the house (expiry, a withdrawal's forfeit). Answers the amount. */
  async sweep(trx: Trx, claim: repo.ClaimRow, to: 'expired' | 'forfeited', actor: string): Promise<bigint> {
    const { available } = await this.ledger.lockedMemberBalance(claim.merchant_code, bonusAccount(claim.member_id), trx);
    await this.toHouse(trx, claim, available, to);
    await this.move(trx, claim, to, actor, {}, { returnedMinor: available.toString() });
    return available;
  }

  /** The expiry job: a requirement met by bets not yet counted converts instead; otherwise the bonus expires. */
  async expire({ trx, payload }: JobContext): Promise<void> {
    const claim = await repo.lockClaim(trx, BigInt(String(payload.claimId)));
    if (claim?.state !== 'issued') return;
    if ((await this.settle(trx, claim, 'job')) !== 'issued') return;
    const counted = await repo.lockClaim(trx, claim.id);
    if (counted) await this.sweep(trx, counted, 'expired', 'job');
  }

  private async toHouse(trx: Trx, claim: repo.ClaimRow, amount: bigint, why: string): Promise<void> {
    if (amount <= 0n) return;
    await this.ledger.transfer(
      {
        merchant: claim.merchant_code,
        from: bonusAccount(claim.member_id),
        to: HOUSE_PROMOTIONS,
        amount,
        kind: 'bonus',
        cause: { type: 'member', id: claim.member_id.toString() },
        idempotencyKey: `promotion-${why}:${claim.id}`,
        memo: { claimId: claim.id.toString(), promotionId: claim.promotion_id.toString(), returned: why },
      },
      trx,
    );
  }

  /** One move of the state machine: the claim's row and its event, in the same transaction. */
  async move(
    trx: Trx,
    claim: repo.ClaimRow,
    to: ClaimState,
    actor: string,
    changes: Partial<repo.ClaimRow>,
    detail: Record<string, string | number | null>,
  ): Promise<void> {
    assertMove(claim.state, to);
    await repo.updateClaim(trx, claim.id, { ...changes, state: to });
    await repo.insertEvent(trx, { claimId: claim.id, from: claim.state, to, actor, detail });
  }
}

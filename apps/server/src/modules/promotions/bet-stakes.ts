import type { Kysely } from 'kysely';
import { MEMBER_CHANGED_CHANNEL } from '../../db/change-channels.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { NotifiedCache } from '../../platform/notified-cache.js';
import { CASH_OFFER, type Stake, type StakeOffer, type StakeSource, type Wagering } from '../house-vendor/stake-source.js';
import * as repo from './repo.js';
import type { PromotionsService } from './service.js';

const CACHE_MAX_AGE_MS = 60_000;

/** A running bonus's terms the bet path needs; they are fixed when the bonus is issued. */
interface RunningBonus {
  claimId: bigint;
  maxBetMinor: bigint | null;
  expiresAt: Date | null;
}

/**
 * The slot bet's funding while a bonus runs (docs/decisions.md "Promotions", cash first): the round's own statement
 * pays a bet from cash when cash covers it, else from the bonus balance when that covers it, never split; a bet above
 * the bonus's maximum is refused here. The member's running bonus is kept in process (the claims' trigger announces
 * every change on `member_changed`), so a bet costs no query beyond the round's own statement.
 */
export class BonusStakes implements StakeSource {
  private readonly running = new NotifiedCache<{ bonus: RunningBonus | null }>({
    maxAgeMs: CACHE_MAX_AGE_MS,
    maxEntries: 200_000,
  });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly promotions: PromotionsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async listen(connection: Db): Promise<void> {
    await connection.subscribe(
      MEMBER_CHANGED_CHANNEL,
      { onMessage: (memberId) => this.running.forget(memberId), onReset: () => this.running.clear() },
      { ownWritesFirst: true },
    );
    this.running.enable();
  }

  async offerFor(merchant: string, memberId: bigint, bet: bigint): Promise<StakeOffer> {
    const known = await this.running.get(memberId.toString(), async () => {
      const claim = await repo.selectOpenClaim(this.db, merchant, memberId, false);
      if (claim?.state !== 'issued') return { bonus: null };
      return { bonus: { claimId: claim.id, maxBetMinor: claim.max_bet_minor, expiresAt: claim.expires_at } };
    });
    const bonus = known?.bonus;
    if (!bonus) return CASH_OFFER;
    if (bonus.maxBetMinor !== null && bet > bonus.maxBetMinor) {
      throw new AppError('promo.bet.above.max', {
        fields: [{ field: 'body/bet', key: 'errors.promo_bet_above_max', params: { maxMinor: bonus.maxBetMinor.toString() } }],
      });
    }
    return { claimId: bonus.claimId, bonusUsable: bonus.expiresAt === null || bonus.expiresAt > this.now() };
  }

  /**
   * Nothing in the common case: the round's own statement counted its wagering. Under the claim's lock
   * (`countWagering`) when that count was left undone (the claim was held elsewhere), when the requirement is met
   * (conversion), or when a bonus stake left the bonus at zero.
   */
  async afterRound(
    merchant: string,
    memberId: bigint,
    claimId: bigint,
    stake: Stake,
    stakeBalanceAfter: bigint,
    counted: Wagering | null,
  ): Promise<void> {
    const spent = stake.fromBonus && stakeBalanceAfter === 0n;
    if (counted && counted.wagered < counted.required && !spent) return;
    await this.promotions.countWagering(merchant, memberId, claimId);
  }
}

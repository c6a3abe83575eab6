import type { Kysely } from 'kysely';
import { MEMBER_CHANGED_CHANNEL } from '../../db/change-channels.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { NotifiedCache } from '../../platform/notified-cache.js';
import type { Stake, StakeSource, Wagering } from '../house-vendor/stake-source.js';
import * as repo from './repo.js';
import type { PromotionsService } from './service.js';

const CACHE_MAX_AGE_MS = 60_000;
const CASH: Stake = { fromBonus: false, claimId: null, besideMinor: 0n };

/**
 * The slot bet's funding while a bonus runs (docs/decisions.md "Promotions", cash first): a bet is paid from cash
 * when cash covers it, else from the bonus balance when that covers it, never split; a bet above the bonus's
 * maximum is refused. Whether a member has a bonus running is kept in process (the claims' trigger announces every
 * change on `member_changed`), so a member without one costs the bet path no query.
 */
export class BonusStakes implements StakeSource {
  private readonly running = new NotifiedCache<{ running: boolean }>({ maxAgeMs: CACHE_MAX_AGE_MS, maxEntries: 200_000 });

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

  async stakeFor(merchant: string, memberId: bigint, bet: bigint): Promise<Stake> {
    const known = await this.running.get(memberId.toString(), async () => ({
      running: (await repo.selectOpenClaim(this.db, merchant, memberId, false))?.state === 'issued',
    }));
    if (!known?.running) return CASH;
    const facts = await repo.selectStakeFacts(this.db, merchant, memberId);
    if (!facts) return CASH;
    if (facts.max_bet_minor !== null && bet > facts.max_bet_minor) {
      throw new AppError('promo.bet.above.max', {
        fields: [{ field: 'body/bet', key: 'errors.promo_bet_above_max', params: { maxMinor: facts.max_bet_minor.toString() } }],
      });
    }
    const usable = facts.expires_at === null || facts.expires_at > this.now();
    const bonus = usable ? BigInt(facts.bonus) : 0n;
    const cash = BigInt(facts.cash);
    if (cash >= bet || bonus < bet) return { fromBonus: false, claimId: facts.claim_id, besideMinor: bonus };
    return { fromBonus: true, claimId: facts.claim_id, besideMinor: cash };
  }

  /**
   * Nothing in the common case: the round's own statement counted its wagering (`house_spin_counting`). Under the
   * claim's lock (`countWagering`) when that count was left undone (the claim was held elsewhere), when the
   * requirement is met (conversion), or when a bonus stake left the bonus at zero.
   */
  async afterRound(
    merchant: string,
    memberId: bigint,
    stake: Stake,
    stakeBalanceAfter: bigint,
    counted: Wagering | null,
  ): Promise<void> {
    if (stake.claimId === null) return;
    const spent = stake.fromBonus && stakeBalanceAfter === 0n;
    if (counted && counted.wagered < counted.required && !spent) return;
    await this.promotions.countWagering(merchant, memberId, stake.claimId);
  }
}

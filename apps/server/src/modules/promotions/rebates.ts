import type { RebateProgress } from '@tessera/contract/api/promotions';
import type { PromotionReason } from '@tessera/contract/routes/promotions';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type JobContext, schedule } from '../jobs/service.js';
import type { Ledger, TransferInput } from '../ledger/service.js';
import { notify } from '../notifications/service.js';
import { BONUS_EXPIRY_JOB } from './bonus-money.js';
import { inAudience, type MemberFacts, openness } from './eligibility.js';
import * as rebateRepo from './rebate-repo.js';
import * as repo from './repo.js';
import { rebateOf, wageringRequired } from './wagering.js';

export const REBATE_JOB = 'promotions.rebates';
/** How often a caught-up rebate run looks for closed periods. */
const REBATE_EVERY_MS = 60_000;
/** A period is closed this long after its end at the earliest, so bets still committing at its end are in it. */
export const REBATE_LAG_MS = 60_000;
const HOUR_MS = 3600_000;
const HOUSE_PROMOTIONS = { kind: 'house', purpose: 'promotions' } as const;

type Trx = Transaction<Database>;

export interface RebateDeps {
  ledger: Ledger;
  /** The member's facts that decide an offer (trial, responsible gaming, audience), read through the transaction. */
  factsOf(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<MemberFacts>;
  /** The period clock: the agent-settlement test clock where it may be moved, else now. */
  clock(db: Kysely<Database>): Promise<Date>;
  timeZone: string;
  /** Members paid per transaction. */
  batchSize?: number;
}

type Payable = rebateRepo.RebateRow;

/**
 * Loss rebates (docs/decisions.md "Loss rebates"): a job closes each ended period of every rebate promotion and pays
 * each member their percent of the period's net cash loss, a batch of members per transaction through one ledger
 * batch credit. The period's row keeps the last member paid, so a run cut short (a crash, a deploy) resumes after
 * them; runs are serialised across instances and a member's rebate of a period is a UNIQUE row whose key is also the
 * credit's idempotency key, so it is paid once.
 */
export class PromotionRebates {
  private readonly batchSize: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: RebateDeps,
  ) {
    this.batchSize = deps.batchSize ?? 500;
  }

  /**
   * One step in the caller's transaction: bonus rebates that can now be paid, then the next batch of the oldest
   * period due. Answers whether anything is left to do now.
   */
  async step(trx: Trx): Promise<{ paid: number; more: boolean }> {
    await rebateRepo.lockRebateRuns(trx);
    const clock = await this.deps.clock(trx);
    for (const promotion of await rebateRepo.selectRebatePromotions(trx, clock)) {
      const waiting = await rebateRepo.selectWaiting(trx, promotion.id, this.batchSize);
      const retried = await this.pay(trx, promotion, waiting);
      const period = await this.duePeriod(trx, promotion, clock);
      if (!period) {
        if (retried > 0) return { paid: retried, more: true };
        continue;
      }
      const losses = await rebateRepo.selectLosses(trx, {
        merchant: promotion.merchant_code,
        categories: promotion.rebate_categories,
        from: period.period_start,
        to: period.period_end,
        afterMemberId: period.after_member_id,
        limit: this.batchSize,
      });
      const rows = await this.decide(trx, promotion, period, losses);
      const paid = await this.pay(trx, promotion, await rebateRepo.insertRebates(trx, rows));
      const last = losses.at(-1)?.memberId ?? period.after_member_id;
      const done = losses.length < this.batchSize;
      await rebateRepo.advancePeriod(trx, promotion.id, period.period_start, last, done ? new Date() : null);
      return { paid: paid + retried, more: true };
    }
    return { paid: 0, more: false };
  }

  /** The period to close now: the one being closed, else the next whose end (plus the lag) the clock has passed. */
  private async duePeriod(trx: Trx, promotion: repo.PromotionRow, clock: Date) {
    const latest = await rebateRepo.selectLatestPeriod(trx, promotion.id);
    if (latest && latest.closed_at === null) return latest;
    const start = latest?.period_end ?? promotion.starts_at;
    const stop = [promotion.ends_at, promotion.closed_at].filter((at): at is Date => at !== null);
    const last = stop.length > 0 ? new Date(Math.min(...stop.map((at) => at.getTime()))) : null;
    if (last !== null && start >= last) return null;
    const natural = await rebateRepo.periodEndAfter(trx, promotion.rebate_period ?? 'daily', start, this.deps.timeZone);
    const end = last !== null && last < natural ? last : natural;
    if (end.getTime() + REBATE_LAG_MS > clock.getTime()) return null;
    await rebateRepo.insertPeriod(trx, promotion.id, start, end);
    return rebateRepo.selectLatestPeriod(trx, promotion.id);
  }

  /**
   * Each loss's rebate: refused for a protected player, a trial account, a member outside the audience, or past the
   * budget; otherwise waiting to be paid (the budget is taken now). Losses that earn nothing write no row.
   */
  private async decide(
    trx: Trx,
    promotion: repo.PromotionRow,
    period: rebateRepo.RebatePeriodRow,
    losses: readonly { memberId: bigint; loss: bigint }[],
  ): Promise<rebateRepo.NewRebate[]> {
    let budgetLeft = promotion.budget_minor === null ? null : promotion.budget_minor - promotion.budget_used_minor;
    let taken = 0n;
    let count = 0;
    const rows: rebateRepo.NewRebate[] = [];
    for (const { memberId, loss } of losses) {
      const rebate = rebateOf(loss, promotion.rebate_bp ?? 0, promotion.bonus_cap_minor, promotion.min_loss_minor);
      if (rebate === 0n) continue;
      const facts = await this.deps.factsOf(trx, promotion.merchant_code, memberId);
      const audience = inAudience(promotion, facts, period.period_end);
      let reason: PromotionReason | null = facts.protectedPlayer
        ? 'responsible_gaming'
        : facts.trial
          ? 'trial_account'
          : !audience.ok
            ? audience.reason
            : null;
      if (reason === null && budgetLeft !== null) {
        if (rebate > budgetLeft) reason = 'exhausted';
        else budgetLeft -= rebate;
      }
      if (reason === null) {
        taken += rebate;
        count += 1;
      }
      rows.push({
        merchant_code: promotion.merchant_code,
        promotion_id: promotion.id,
        member_id: memberId,
        period_start: period.period_start,
        period_end: period.period_end,
        loss_minor: loss,
        rebate_minor: rebate,
        state: reason === null ? 'waiting' : 'refused',
        reason,
      });
    }
    await rebateRepo.addToBudget(trx, promotion.id, taken, count);
    return rows;
  }

  /**
   * Pays waiting rebates in one ledger batch: cash into the main wallet when the promotion has no wagering, else a
   * bonus claim each (paid into the bonus account with the promotion's wagering, max bet, expiry and cap) for the
   * members without another open bonus — the others keep waiting, and a later run pays them. Answers how many paid.
   */
  private async pay(trx: Trx, promotion: repo.PromotionRow, rebates: readonly Payable[]): Promise<number> {
    const waiting = rebates.filter((rebate) => rebate.state === 'waiting');
    if (waiting.length === 0) return 0;
    if (promotion.wagering_multiplier === 0) {
      const receipts = await this.deps.ledger.creditBatch(
        waiting.map((rebate) => this.cashCredit(rebate)),
        trx,
      );
      await rebateRepo.markPaid(
        trx,
        waiting.map((rebate, i) => ({ id: rebate.id, transferId: (receipts[i] as { id: bigint }).id, claimId: null })),
        new Date(),
      );
      await this.tell(trx, waiting, 'rebate.paid');
      return waiting.length;
    }
    const claims = await rebateRepo.insertRebateClaims(
      trx,
      waiting.map((rebate) => ({ merchant: rebate.merchant_code, promotionId: promotion.id, memberId: rebate.member_id })),
    );
    const payable = waiting.filter((rebate) => claims.has(rebate.member_id));
    if (payable.length === 0) return 0;
    const claimOf = (rebate: Payable) => claims.get(rebate.member_id) as bigint;
    const receipts = await this.deps.ledger.creditBatch(
      payable.map((rebate) => this.bonusCredit(rebate, claimOf(rebate))),
      trx,
    );
    const now = new Date();
    const expiresAt = new Date(now.getTime() + promotion.expiry_hours * HOUR_MS);
    for (const [i, rebate] of payable.entries()) {
      const claimId = claimOf(rebate);
      const transferId = (receipts[i] as { id: bigint }).id;
      await repo.insertEvent(trx, {
        claimId,
        from: null,
        to: 'joined',
        actor: 'job',
        detail: { rebateId: rebate.id.toString() },
      });
      await repo.updateClaim(trx, claimId, {
        state: 'issued',
        bonus_minor: rebate.rebate_minor,
        required_minor: wageringRequired(promotion.wagering_multiplier, 'bonus', rebate.rebate_minor, null),
        counted_through: transferId,
        max_bet_minor: promotion.max_bet_minor,
        weights: promotion.weights,
        max_conversion_minor: promotion.max_conversion_minor,
        expires_at: expiresAt,
      });
      await repo.insertEvent(trx, {
        claimId,
        from: 'joined',
        to: 'issued',
        actor: 'job',
        detail: { bonusMinor: rebate.rebate_minor.toString(), transferId: transferId.toString() },
      });
      await schedule(trx, {
        kind: BONUS_EXPIRY_JOB,
        runAt: expiresAt,
        payload: { claimId: claimId.toString() },
        dedupeKey: `promotion-expiry:${claimId}`,
      });
    }
    await rebateRepo.markPaid(
      trx,
      payable.map((rebate, i) => ({ id: rebate.id, transferId: (receipts[i] as { id: bigint }).id, claimId: claimOf(rebate) })),
      now,
    );
    await this.tell(trx, payable, 'rebate.bonus');
    return payable.length;
  }

  /** Each paid member's notification, delivered when the batch commits. */
  private async tell(trx: Trx, paid: readonly Payable[], type: 'rebate.paid' | 'rebate.bonus') {
    for (const rebate of paid)
      await notify(trx, {
        merchant: rebate.merchant_code,
        memberId: rebate.member_id,
        type,
        payload: { amountMinor: rebate.rebate_minor.toString(), promotionId: rebate.promotion_id.toString() },
      });
  }

  private memo(rebate: Payable) {
    return {
      source: 'promotionRebate',
      rebateId: rebate.id.toString(),
      promotionId: rebate.promotion_id.toString(),
      periodStart: rebate.period_start.toISOString(),
      periodEnd: rebate.period_end.toISOString(),
      lossMinor: rebate.loss_minor.toString(),
    };
  }

  private cashCredit(rebate: Payable): TransferInput {
    return {
      merchant: rebate.merchant_code,
      from: HOUSE_PROMOTIONS,
      to: { kind: 'member_main', memberId: rebate.member_id },
      amount: rebate.rebate_minor,
      kind: 'rebate',
      cause: { type: 'job', id: `promotion-rebate:${rebate.promotion_id}` },
      idempotencyKey: `promotion-rebate:${rebate.promotion_id}:${rebate.member_id}:${rebate.period_start.getTime()}`,
      memo: this.memo(rebate),
    };
  }

  private bonusCredit(rebate: Payable, claimId: bigint): TransferInput {
    return {
      merchant: rebate.merchant_code,
      from: HOUSE_PROMOTIONS,
      to: { kind: 'member_bonus', memberId: rebate.member_id },
      amount: rebate.rebate_minor,
      kind: 'bonus',
      cause: { type: 'job', id: `promotion-rebate:${rebate.promotion_id}` },
      idempotencyKey: `promotion-grant:${claimId}`,
      memo: { ...this.memo(rebate), claimId: claimId.toString() },
    };
  }

  /** Runs steps, each in its own transaction, until nothing is due (the operator's command and tests). */
  async runNow(): Promise<number> {
    let paid = 0;
    for (;;) {
      const step = await this.db.transaction().execute((trx) => this.step(trx));
      paid += step.paid;
      if (!step.more) return paid;
    }
  }

  /** The job: one step, then the next at once while work is left, else at the next minute. */
  async job({ trx }: JobContext): Promise<void> {
    const { more } = await this.step(trx);
    const now = Date.now();
    const next = more ? now : Math.ceil((now + 1) / REBATE_EVERY_MS) * REBATE_EVERY_MS;
    await schedule(trx, {
      kind: REBATE_JOB,
      runAt: new Date(next),
      payload: {},
      dedupeKey: more ? `${REBATE_JOB}:more:${now}` : `${REBATE_JOB}:${next}`,
    });
  }

  /** Every instance makes sure a run is due; the runs then schedule each other. */
  async ensureScheduled(): Promise<void> {
    const slot = Math.floor(Date.now() / REBATE_EVERY_MS) * REBATE_EVERY_MS;
    await schedule(this.db, { kind: REBATE_JOB, runAt: new Date(slot), payload: {}, dedupeKey: `${REBATE_JOB}:${slot}` });
  }

  /**
   * What the member sees of a rebate promotion: the period under way (by the period clock), their net loss in it so
   * far and the rebate it would pay, and their rebate of the latest period they lost in.
   */
  async progress(promotion: repo.PromotionRow, memberId: bigint): Promise<RebateProgress | null> {
    if (promotion.type !== 'rebate' || promotion.rebate_period === null) return null;
    const clock = await this.deps.clock(this.db);
    if (!openness(promotion, clock).ok) return this.withLast(promotion, memberId, null);
    const start = new Date(Math.max(promotion.starts_at.getTime(), await this.periodStartOf(promotion, clock)));
    const natural = await rebateRepo.periodEndAfter(this.db, promotion.rebate_period, start, this.deps.timeZone);
    const end = promotion.ends_at !== null && promotion.ends_at < natural ? promotion.ends_at : natural;
    const [row] = await rebateRepo.selectLosses(this.db, {
      merchant: promotion.merchant_code,
      categories: promotion.rebate_categories,
      from: start,
      to: end,
      onlyMember: memberId,
      limit: 1,
    });
    const loss = row?.loss ?? 0n;
    const estimate = rebateOf(loss, promotion.rebate_bp ?? 0, promotion.bonus_cap_minor, promotion.min_loss_minor);
    return this.withLast(promotion, memberId, { start, end, loss, estimate });
  }

  private async periodStartOf(promotion: repo.PromotionRow, at: Date): Promise<number> {
    const end = await rebateRepo.periodEndAfter(this.db, promotion.rebate_period ?? 'daily', at, this.deps.timeZone);
    const days = promotion.rebate_period === 'weekly' ? 7 : 1;
    return end.getTime() - days * 24 * HOUR_MS;
  }

  private async withLast(
    promotion: repo.PromotionRow,
    memberId: bigint,
    current: { start: Date; end: Date; loss: bigint; estimate: bigint } | null,
  ): Promise<RebateProgress | null> {
    const last = await rebateRepo.selectLatestRebate(this.db, promotion.id, memberId);
    if (!current && !last) return null;
    const now = current ?? { start: promotion.starts_at, end: promotion.ends_at ?? promotion.starts_at, loss: 0n, estimate: 0n };
    return {
      periodStart: now.start.getTime(),
      periodEnd: now.end.getTime(),
      lossMinor: now.loss.toString(),
      estimateMinor: now.estimate.toString(),
      last: last
        ? {
            periodEnd: last.period_end.getTime(),
            lossMinor: last.loss_minor.toString(),
            rebateMinor: last.rebate_minor.toString(),
            state: last.state,
            reason: (last.reason as PromotionReason | null) ?? null,
          }
        : null,
    };
  }
}

import type { PromotionReviewItem } from '@tessera/contract/api/back-office-promotions';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { ActionRow, ApprovalsService, PlannedAction, StaffActor } from '../approvals/service.js';
import type { AuditLog } from '../audit-log/service.js';
import type { BonusMoney } from './bonus-money.js';
import * as repo from './repo.js';
import { textOf } from './views.js';

/** The approvals' kind of a reviewed claim's payment. */
export const PROMOTION_GRANT = 'promotion.grant';
const requestKeyOf = (claimId: bigint) => `promotion-claim:${claimId}`;
const staffLabel = (staff: StaffActor) => `staff:${staff.name}`;

type Trx = Transaction<Database>;

/**
 * The back office's review queue: claims waiting as `applying` (manual-review promotions, flagged claimants). An
 * approval is a money action of the approvals module (`promotion.grant`): at or below the merchant's four-eyes
 * threshold it pays at once, above it waits for a second staff member, and either way it is audited and runs once.
 * A rejection ends the claim with its reason, closing any approval still waiting for it.
 */
export class PromotionReviews {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { approvals: ApprovalsService; auditLog: AuditLog; money: BonusMoney },
  ) {
    deps.approvals.register(PROMOTION_GRANT, {
      permission: 'promotions.review',
      check: async (trx, action) => {
        await this.lockApplying(trx, action);
      },
      run: async (trx, action, staff) => {
        const claim = await this.lockApplying(trx, action);
        const promotion = await repo.selectPromotion(trx, claim.merchant_code, claim.promotion_id);
        if (!promotion) throw new AppError('promo.not.found');
        const outcome = await this.deps.money.issue(
          trx,
          claim,
          promotion,
          { bonus: claim.bonus_minor, deposit: claim.deposit_minor },
          staffLabel(staff),
        );
        return { before: { claim: action.target, state: 'applying' }, after: { claim: action.target, ...outcome } };
      },
    });
  }

  async list(merchant: string, staff: StaffActor, language: { requested: string | null; fallback: string }) {
    const rows = await repo.selectApplyingClaims(this.db, merchant);
    const flagged = [...new Set(rows.flatMap((row) => row.flags.map((flag) => BigInt(flag.memberId))))];
    const [accounts, waiting] = await Promise.all([
      repo.selectAccounts(this.db, merchant, flagged),
      staff.permissions.includes('promotions.review')
        ? this.deps.approvals.waitingKeys(
            merchant,
            PROMOTION_GRANT,
            rows.map((row) => requestKeyOf(row.id)),
          )
        : Promise.resolve(new Set<string>()),
    ]);
    return rows.map(
      (row): PromotionReviewItem => ({
        claimId: row.id.toString(),
        promotionId: row.promotion_id.toString(),
        promotionTitle: textOf(row, language.requested, language.fallback).title,
        type: row.type,
        memberId: row.member_id.toString(),
        account: row.account,
        bonusMinor: row.bonus_minor.toString(),
        depositMinor: row.deposit_minor === null ? null : row.deposit_minor.toString(),
        referredAccount: row.referred_account,
        flags: row.flags.map((flag) => ({ ...flag, account: accounts.get(flag.memberId) ?? '' })),
        appliedAt: row.updated_at.getTime(),
        awaitingSecond: waiting.has(requestKeyOf(row.id)),
      }),
    );
  }

  /** Approves a waiting claim: pays now, or waits for a second staff member above the threshold. */
  async approve(merchant: string, staff: StaffActor, claimId: bigint) {
    const claim = await repo.selectClaim(this.db, merchant, claimId);
    if (claim?.state !== 'applying') throw new AppError('promo.review.state');
    return this.deps.approvals.request(staff, merchant, {
      kind: PROMOTION_GRANT,
      target: claimId.toString(),
      amount: claim.bonus_minor,
      detail: { memberId: claim.member_id.toString(), promotionId: claim.promotion_id.toString() },
      requestKey: requestKeyOf(claimId),
    });
  }

  /** Rejects a waiting claim with the staff member's reason; nothing is paid, and a waiting approval is closed. */
  async reject(merchant: string, staff: StaffActor, claimId: bigint, reason: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const claim = await repo.lockClaim(trx, claimId);
      if (claim?.merchant_code !== merchant || claim.state !== 'applying') throw new AppError('promo.review.state');
      await this.deps.money.move(
        trx,
        claim,
        'rejected',
        staffLabel(staff),
        { reason: 'review_rejected' },
        { reason: 'review_rejected', note: reason },
      );
      await this.deps.approvals.closeWaiting(trx, staff, merchant, PROMOTION_GRANT, requestKeyOf(claimId), reason);
      await this.deps.auditLog.append(
        { actor: staff.name, kind: 'staff', ip: staff.ip },
        {
          action: 'promotion.review.reject',
          merchantCode: merchant,
          target: `promotion-claim:${claimId}`,
          before: { state: 'applying', bonusMinor: claim.bonus_minor.toString() },
          after: { state: 'rejected', reason },
        },
        trx,
      );
    });
  }

  private async lockApplying(trx: Trx, action: ActionRow | PlannedAction) {
    const claim = await repo.lockClaim(trx, BigInt(action.target));
    if (claim?.merchant_code !== action.merchant_code || claim.state !== 'applying') throw new AppError('promo.review.state');
    return claim;
  }
}

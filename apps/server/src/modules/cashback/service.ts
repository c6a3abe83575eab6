import {
  CASHBACK_SETTLE_LAG_MS,
  type CashbackCategory,
  type CashbackClaim,
  type CashbackOverview,
} from '@tessera/contract/api/cashback';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { Ledger, TransferReceipt } from '../ledger/service.js';
import * as repo from './repo.js';

const HISTORY_SIZE = 20;

/** Rebate of one category: valid bet × rate, rounded down to the minor unit (never pays a fraction). */
export const rebateOf = (validBet: bigint, rateBp: number) => (validBet * BigInt(rateBp)) / 10_000n;

/** Basis points a member's VIP level adds to every priced category's rate, read through `db` (the claim's transaction). */
export type ExtraRateOf = (db: Kysely<Database>, merchantCode: string, memberId: bigint) => Promise<number>;

const NO_EXTRA: ExtraRateOf = async () => 0;
const FULL_RATE_BP = 10_000;

interface Line {
  category: string;
  validBet: bigint;
  rateBp: number;
  amount: bigint;
}

export class CashbackService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly now: () => Date = () => new Date(),
    private readonly extraRateOf: ExtraRateOf = NO_EXTRA,
  ) {}

  async setRate(merchantCode: string, category: string, rateBp: number, actor: string) {
    await this.db.transaction().execute((trx) => repo.upsertRate(trx, merchantCode, category, rateBp, actor));
  }

  rates(merchantCode: string) {
    return repo.selectRates(this.db, merchantCode);
  }

  /**
   * Every category with a rate or with bets in the period; rate 0 for categories the operator has not priced. The
   * member's VIP level adds its extra to the categories the operator pays a rebate on (a rate above 0).
   */
  private async lines(
    db: Kysely<Database>,
    merchantCode: string,
    memberId: bigint,
    start: Date | null,
    end: Date,
  ): Promise<Line[]> {
    const [rates, bets, extraBp] = await Promise.all([
      repo.selectRates(db, merchantCode),
      repo.selectValidBets(db, merchantCode, memberId, start, end),
      this.extraRateOf(db, merchantCode, memberId),
    ]);
    const rateOf = new Map(rates.map((r) => [r.game_category, r.rate_bp]));
    const betOf = new Map(bets.map((b) => [b.category, b.validBet]));
    const categories = [...new Set([...rateOf.keys(), ...betOf.keys()])].sort();
    return categories.map((category) => {
      const validBet = betOf.get(category) ?? 0n;
      const baseBp = rateOf.get(category) ?? 0;
      const rateBp = baseBp > 0 ? Math.min(FULL_RATE_BP, baseBp + extraBp) : 0;
      return { category, validBet, rateBp, amount: rebateOf(validBet, rateBp) };
    });
  }

  private periodEnd() {
    return new Date(this.now().getTime() - CASHBACK_SETTLE_LAG_MS);
  }

  async overview(merchantCode: string, memberId: bigint, db: Kysely<Database> = this.db): Promise<CashbackOverview> {
    const start = await repo.markOf(db, merchantCode, memberId, false);
    const end = this.periodEnd();
    const lines = start && start >= end ? [] : await this.lines(db, merchantCode, memberId, start, end);
    const categories: CashbackCategory[] = lines.map((line) => ({
      gameCategory: line.category,
      validBetMinor: line.validBet.toString(),
      rateBasisPoints: line.rateBp,
      claimableMinor: line.amount.toString(),
    }));
    const history = await repo.selectClaims(db, memberId, HISTORY_SIZE);
    return {
      periodStart: start?.getTime() ?? null,
      periodEnd: end.getTime(),
      categories,
      totalClaimableMinor: lines.reduce((sum, line) => sum + line.amount, 0n).toString(),
      history: history.map((row) => ({
        claimId: String(row.id),
        claimedAt: row.created_at.getTime(),
        periodStart: row.period_start?.getTime() ?? null,
        periodEnd: row.period_end.getTime(),
        validBetMinor: String(row.valid_bet_minor),
        amountMinor: String(row.amount_minor),
      })),
    };
  }

  /**
   * Pays every category's rebate for (last claim, now − 1 min] from house 'promotions' to the main wallet,
   * one ledger transfer per category (one batch statement), and moves the claim mark. Exactly once: the member's mark row is locked
   * for the whole transaction, so a second claim (another instance) waits and then finds nothing; each
   * transfer's idempotency key names the member, category and period. `cashback.nothing.to.claim` when 0.
   */
  async claim(merchantCode: string, memberId: bigint): Promise<{ claim: CashbackClaim; overview: CashbackOverview }> {
    const claim = await this.db.transaction().execute(async (trx) => {
      const start = await repo.markOf(trx, merchantCode, memberId, true);
      const end = this.periodEnd();
      if (start && start >= end) throw new AppError('cashback.nothing.to.claim');
      const paying = (await this.lines(trx, merchantCode, memberId, start, end)).filter((line) => line.amount > 0n);
      const amount = paying.reduce((sum, line) => sum + line.amount, 0n);
      if (amount === 0n) throw new AppError('cashback.nothing.to.claim');
      const validBet = paying.reduce((sum, line) => sum + line.validBet, 0n);
      const row = await repo.insertClaim(trx, { merchantCode, memberId, start, end, validBet, amount });
      const period = `${start?.getTime() ?? 0}-${end.getTime()}`;
      const receipts = await this.ledger.creditBatch(
        paying.map((line) => ({
          merchant: merchantCode,
          from: { kind: 'house', purpose: 'promotions' } as const,
          to: { kind: 'member_main', memberId } as const,
          amount: line.amount,
          kind: 'rebate' as const,
          cause: { type: 'member' as const, id: String(memberId) },
          idempotencyKey: `cashback:${memberId}:${line.category}:${period}`,
          memo: {
            claimId: String(row.id),
            gameCategory: line.category,
            validBet: line.validBet.toString(),
            rateBasisPoints: line.rateBp,
          },
        })),
        trx,
      );
      for (const [i, line] of paying.entries()) {
        await repo.insertClaimLine(trx, { claimId: row.id, ...line, transferId: (receipts[i] as TransferReceipt).id });
      }
      await repo.setMark(trx, memberId, end);
      return {
        claimId: String(row.id),
        claimedAt: row.created_at.getTime(),
        periodStart: start?.getTime() ?? null,
        periodEnd: end.getTime(),
        validBetMinor: validBet.toString(),
        amountMinor: amount.toString(),
      };
    });
    return { claim, overview: await this.overview(merchantCode, memberId) };
  }
}

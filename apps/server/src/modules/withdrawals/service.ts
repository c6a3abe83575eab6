import { createHash } from 'node:crypto';
import type {
  ConfirmWithdrawalBody,
  CreateWithdrawalBody,
  Withdrawal,
  WithdrawalInfo,
  WithdrawalStatus,
} from '@tessera/contract/api/withdrawals';
import type { Settings } from '@tessera/contract/settings';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';
import { maskAccountNumber } from '../../platform/masking.js';
import { type JobContext, schedule } from '../jobs/service.js';
import type { Ledger } from '../ledger/service.js';
import { notify } from '../notifications/service.js';
import { hasPaymentPassword, verifyPaymentPassword } from '../security-centre/payment-password.js';
import type { SecurityCentreService } from '../security-centre/service.js';
import * as repo from './repo.js';

/** The payout channel every withdrawal is paid through until payment gateways exist (ledger channel_out). */
export const PAYOUT_CHANNEL = 'manual';
export const AUTO_RECEIPT_JOB = 'withdrawal.auto-receipt';
/** Spec §9: up to 3 images (here: proof images per withdrawal, across "not received" reports). */
export const MAX_PROOFS = 3;

const CONFIRMABLE: WithdrawalStatus[] = ['awaiting_confirmation', 'partially_received', 'disputed'];

export const WITHDRAWAL_FIELD_KEYS = {
  receivedAboveRemaining: 'withdrawal.errors.received_above_remaining',
  tooManyProofs: 'withdrawal.errors.too_many_proofs',
} as const;

export const toWithdrawal = (row: repo.WithdrawalRow): Withdrawal => ({
  id: row.id.toString(),
  requestId: row.request_id,
  amount: row.amount_minor.toString(),
  receivedAmount: row.received_minor.toString(),
  remainingAmount: (row.amount_minor - row.received_minor).toString(),
  status: row.status,
  completion: row.completion,
  payoutAccount: {
    type: row.account_type,
    provider: row.account_provider,
    holderName: row.account_holder,
    accountNumberMasked: row.account_masked,
  },
  rejectReason: row.reject_reason,
  hasProof: Boolean(row.has_proof),
  createdAt: row.created_at.getTime(),
  paidAt: row.paid_at?.getTime() ?? null,
  autoReceiptAt: row.auto_receipt_at?.getTime() ?? null,
  completedAt: row.completed_at?.getTime() ?? null,
});

/** Whether an open withdrawal pays to a payout account (the security centre refuses to unbind it). */
export const payoutAccountInUse = (trx: Transaction<Database>, accountId: bigint) => repo.openToAccount(trx, accountId);

/** What another module checks or does when a member requests a withdrawal, inside the request's transaction. */
export type WithdrawalRequestHook = (
  trx: Transaction<Database>,
  request: { merchant: string; memberId: bigint; forfeitBonus: boolean },
) => Promise<void>;

/**
 * Takes an approved withdrawal's payout when a payment gateway pays to its account (inside the approval's
 * transaction, the row locked): true when it did, and the withdrawal then waits for the provider in `paying_out`.
 */
export type PayoutDispatcher = (trx: Transaction<Database>, withdrawal: repo.WithdrawalRow) => Promise<boolean>;

/** The withdrawal limits of a member's VIP level, read through `db` (the request's transaction); zeros: the site's. */
export type LevelLimitsOf = (
  db: Kysely<Database>,
  merchant: string,
  memberId: bigint,
) => Promise<{ level: string; dailyMaxMinor: bigint; dailyCount: number }>;

interface DailyLimits {
  dailyMax: bigint;
  /** Requests per day; null: no count limit. */
  dailyCount: number | null;
  /** The level whose limits apply; null: the site's. */
  level: string | null;
}

/** What a provider said about a payout: paid (the hold is posted) or failed (the hold is voided). */
export type PayoutResult = { paid: true } | { paid: false; reason: string };

export interface MemberRef {
  merchant: string;
  memberId: bigint;
}

/**
 * Withdrawals: a request holds the money (ledger member_main → channel_out, pending); the operator approves
 * (the hold is posted: the payout is sent) or rejects (the hold is voided: the money is back). After the
 * payout the player confirms receipt, reports it missing with a proof image, or the auto-receipt job closes it
 * (state machine in docs/decisions.md, Withdrawals). Every state change locks the withdrawal row first, so two
 * operators or two instances acting at once cannot both succeed.
 */
export class WithdrawalsService {
  private readonly requestHooks: WithdrawalRequestHook[] = [];
  private payoutDispatcher: PayoutDispatcher | null = null;
  private levelLimitsOf: LevelLimitsOf | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly security: SecurityCentreService,
    private readonly settingsOf: (merchant: string) => Promise<Settings>,
  ) {}

  /** Runs `hook` in every new request's transaction, before the amount is held (a running bonus's forfeit). */
  beforeRequest(hook: WithdrawalRequestHook): void {
    this.requestHooks.push(hook);
  }

  /** A member's VIP level may replace the site's daily maximum and limit the requests per day. */
  limitByLevel(limitsOf: LevelLimitsOf): void {
    this.levelLimitsOf = limitsOf;
  }

  private async dailyLimits(
    db: Kysely<Database>,
    merchant: string,
    memberId: bigint,
    siteDailyMax: number,
  ): Promise<DailyLimits> {
    const site: DailyLimits = { dailyMax: BigInt(siteDailyMax), dailyCount: null, level: null };
    if (!this.levelLimitsOf) return site;
    const byLevel = await this.levelLimitsOf(db, merchant, memberId);
    if (byLevel.dailyMaxMinor === 0n && byLevel.dailyCount === 0) return site;
    return {
      dailyMax: byLevel.dailyMaxMinor > 0n ? byLevel.dailyMaxMinor : site.dailyMax,
      dailyCount: byLevel.dailyCount > 0 ? byLevel.dailyCount : null,
      level: byLevel.level,
    };
  }

  /** Approved withdrawals are offered to `dispatcher` first (payment gateways); the rest are paid by hand. */
  payOutThrough(dispatcher: PayoutDispatcher): void {
    this.payoutDispatcher = dispatcher;
  }

  async info({ merchant, memberId }: MemberRef): Promise<WithdrawalInfo> {
    const limits = (await this.settingsOf(merchant)).withdrawal;
    const [balance, used, daily, passwordSet, twoFactorEnabled, accounts] = await Promise.all([
      this.ledger.balanceOf(merchant, { kind: 'member_main', memberId }),
      repo.usedToday(this.db, merchant, memberId),
      this.dailyLimits(this.db, merchant, memberId, limits.dailyMaxMinor),
      hasPaymentPassword(this.db, merchant, memberId),
      this.security.secondFactor.isEnabled(memberId),
      this.security.accounts(merchant, memberId),
    ]);
    const remaining = daily.dailyMax - used.amount;
    return {
      available: balance.available.toString(),
      minAmount: String(limits.minAmountMinor),
      maxAmount: String(limits.maxAmountMinor),
      dailyMax: daily.dailyMax.toString(),
      remainingToday: (remaining > 0n ? remaining : 0n).toString(),
      dailyCount: daily.dailyCount,
      remainingCountToday: daily.dailyCount === null ? null : Math.max(0, daily.dailyCount - used.count),
      limitsLevel: daily.level,
      autoReceiptMinutes: limits.autoReceiptMinutes,
      paymentPasswordSet: passwordSet,
      twoFactorEnabled,
      payoutAccounts: accounts,
    };
  }

  async list({ merchant, memberId }: MemberRef, page = 1, size = 10) {
    const [rows, total] = await Promise.all([
      repo.selectPage(this.db, merchant, memberId, page, size),
      repo.countForMember(this.db, merchant, memberId),
    ]);
    return { list: rows.map(toWithdrawal), total };
  }

  /**
   * Requests a withdrawal. Idempotent by the client's request id: a repeat answers the original (a different
   * amount or account under the same id is a conflict). Per member, requests run one at a time (advisory
   * lock), so the daily limit holds; the ledger hold refuses an amount above the available balance.
   */
  async create({ merchant, memberId }: MemberRef, body: CreateWithdrawalBody): Promise<Withdrawal> {
    await this.security.assertRealAccount(merchant, memberId);
    const amount = BigInt(body.amount);
    const accountId = BigInt(body.payoutAccountId);
    const replay = await this.replayOf(merchant, memberId, body, amount, accountId);
    if (replay) return replay;

    const limits = (await this.settingsOf(merchant)).withdrawal;
    if (amount < BigInt(limits.minAmountMinor) || amount > BigInt(limits.maxAmountMinor)) {
      throw new AppError('withdrawal.amount.out.of.range', {
        fields: [
          fieldError('amount', 'errors.withdrawal_amount_out_of_range', {
            minMinor: limits.minAmountMinor,
            maxMinor: limits.maxAmountMinor,
          }),
        ],
      });
    }
    await verifyPaymentPassword(this.db, merchant, memberId, body.paymentPassword.trim());
    await this.security.secondFactor.require(memberId, body.googleCode);

    const id = await this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`withdrawals:${memberId}`}, 0))`.execute(trx);
      const again = await repo.selectByRequest(trx, merchant, memberId, body.requestId);
      if (again) return again.id;
      for (const hook of this.requestHooks) await hook(trx, { merchant, memberId, forfeitBonus: body.forfeitBonus === true });
      const account = await this.security.lockAccount(trx, merchant, memberId, accountId);
      const [used, daily] = await Promise.all([
        repo.usedToday(trx, merchant, memberId),
        this.dailyLimits(trx, merchant, memberId, limits.dailyMaxMinor),
      ]);
      if (daily.dailyCount !== null && used.count >= daily.dailyCount) {
        throw new AppError('withdrawal.daily.count', {
          fields: [
            fieldError('amount', 'errors.withdrawal_daily_count', { level: daily.level ?? '', dailyCount: daily.dailyCount }),
          ],
        });
      }
      const remaining = daily.dailyMax - used.amount;
      if (amount > remaining) {
        throw new AppError('withdrawal.daily.limit', {
          fields: [
            fieldError('amount', daily.level === null ? 'errors.withdrawal_daily_limit' : 'errors.withdrawal_level_daily_limit', {
              level: daily.level ?? '',
              dailyMaxMinor: daily.dailyMax.toString(),
              remainingMinor: (remaining > 0n ? remaining : 0n).toString(),
            }),
          ],
        });
      }
      const withdrawalId = await repo.insert(trx, {
        merchant_code: merchant,
        member_id: memberId,
        request_id: body.requestId,
        payout_account_id: account.id,
        account_type: account.type,
        account_provider: account.provider,
        account_holder: account.holder_name,
        account_masked: maskAccountNumber(account.account_number),
        amount_minor: amount,
      });
      const hold = await this.ledger.hold(
        {
          merchant,
          from: { kind: 'member_main', memberId },
          to: { kind: 'channel_out', channel: PAYOUT_CHANNEL },
          amount,
          kind: 'withdrawal',
          cause: { type: 'member', id: memberId.toString() },
          idempotencyKey: `withdrawal:${withdrawalId}`,
          memo: { withdrawalId: withdrawalId.toString() },
        },
        trx,
      );
      await repo.update(trx, withdrawalId, { hold_transfer_id: hold.id });
      return withdrawalId;
    });
    return this.get(merchant, id);
  }

  private async replayOf(merchant: string, memberId: bigint, body: CreateWithdrawalBody, amount: bigint, accountId: bigint) {
    const existing = await repo.selectByRequest(this.db, merchant, memberId, body.requestId);
    if (!existing) return null;
    if (existing.amount_minor !== amount || existing.payout_account_id !== accountId)
      throw new AppError('withdrawal.request.conflict');
    return toWithdrawal(existing);
  }

  private async get(merchant: string, id: bigint, trx?: Transaction<Database>): Promise<Withdrawal> {
    const row = await repo.selectById(trx ?? this.db, merchant, id);
    if (!row) throw new AppError('withdrawal.not.found');
    return toWithdrawal(row);
  }

  /** The player confirms that part of the rest (`received` with an amount) or all of it arrived. */
  async confirm({ merchant, memberId }: MemberRef, body: ConfirmWithdrawalBody): Promise<Withdrawal> {
    const id = BigInt(body.id);
    if (body.action === 'received' && !body.receivedAmount) {
      throw new AppError('request.invalid', { fields: [fieldError('receivedAmount', 'validation.required')] });
    }
    await this.db.transaction().execute(async (trx) => {
      const row = await this.lockOwn(trx, merchant, memberId, id);
      if (!CONFIRMABLE.includes(row.status)) throw new AppError('withdrawal.state');
      const remaining = row.amount_minor - row.received_minor;
      const received = body.action === 'all_received' ? remaining : BigInt(body.receivedAmount ?? '0');
      if (received > remaining) {
        throw new AppError('request.invalid', {
          fields: [
            fieldError('receivedAmount', WITHDRAWAL_FIELD_KEYS.receivedAboveRemaining, { remainingMinor: remaining.toString() }),
          ],
        });
      }
      const total = row.received_minor + received;
      if (total === row.amount_minor) {
        await repo.update(trx, id, {
          received_minor: total,
          status: 'completed',
          completion: 'confirmed',
          completed_at: new Date(),
        });
      } else {
        // A dispute stands until everything arrived or the operator settles it; otherwise part of it arrived.
        await repo.update(trx, id, {
          received_minor: total,
          status: row.status === 'disputed' ? 'disputed' : 'partially_received',
        });
      }
    });
    return this.get(merchant, id);
  }

  /** The player reports the payout missing, with a proof image: the auto receipt no longer applies. */
  async reportNotReceived(
    { merchant, memberId }: MemberRef,
    id: bigint,
    proof: { mime: 'image/png' | 'image/jpeg'; bytes: Buffer },
    note: string | null,
  ): Promise<Withdrawal> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.lockOwn(trx, merchant, memberId, id);
      if (!CONFIRMABLE.includes(row.status)) throw new AppError('withdrawal.state');
      if ((await repo.countProofs(trx, id)) >= MAX_PROOFS) {
        throw new AppError('request.invalid', {
          fields: [fieldError('proof', WITHDRAWAL_FIELD_KEYS.tooManyProofs, { limit: MAX_PROOFS })],
        });
      }
      await repo.insertProof(trx, {
        withdrawal_id: id,
        mime: proof.mime,
        size_bytes: proof.bytes.length,
        sha256: createHash('sha256').update(proof.bytes).digest(),
        data: proof.bytes,
      });
      await repo.update(trx, id, { status: 'disputed', ...(note ? { dispute_note: note } : {}) });
    });
    return this.get(merchant, id);
  }

  private async lockOwn(trx: Transaction<Database>, merchant: string, memberId: bigint, id: bigint) {
    const row = await repo.lockById(trx, merchant, id, memberId);
    if (!row) throw new AppError('withdrawal.not.found');
    return row;
  }

  private async lockAny(trx: Transaction<Database>, merchant: string, id: bigint) {
    const row = await repo.lockById(trx, merchant, id);
    if (!row) throw new AppError('withdrawal.not.found');
    return row;
  }

  listForOperator(merchant: string, status: WithdrawalStatus | undefined, limit: number) {
    return repo.selectForOperator(this.db, merchant, status, limit);
  }

  show(merchant: string, id: bigint) {
    return repo.selectById(this.db, merchant, id);
  }

  /**
   * Approved, only from pending. Paid by hand: the hold is posted, the auto receipt is scheduled, the player is
   * told. Paid through a gateway: it waits in `paying_out` for the provider (`settlePayout`).
   */
  async approve(merchant: string, id: bigint, actor: string): Promise<Withdrawal> {
    const minutes = await this.autoReceiptMinutes(merchant);
    await this.db.transaction().execute((trx) => this.approveIn(trx, merchant, id, actor, minutes));
    return this.get(merchant, id);
  }

  /** The merchant's auto-receipt delay, read before a transaction that approves (`approveIn`). */
  async autoReceiptMinutes(merchant: string): Promise<number> {
    return (await this.settingsOf(merchant)).withdrawal.autoReceiptMinutes;
  }

  /**
   * `approve` in the caller's transaction (a back-office decision recorded with it). The settings are read before:
   * the embedded database has one connection, which the transaction holds.
   */
  async approveIn(trx: Transaction<Database>, merchant: string, id: bigint, actor: string, autoReceiptMinutes: number) {
    const row = await this.lockAny(trx, merchant, id);
    if (row.status !== 'pending' || row.hold_transfer_id === null) throw new AppError('withdrawal.state');
    if (this.payoutDispatcher && (await this.payoutDispatcher(trx, row))) {
      await repo.update(trx, id, { status: 'paying_out', decided_by: actor });
    } else {
      await this.markPaid(trx, row, row.hold_transfer_id, autoReceiptMinutes, actor);
    }
    return this.get(merchant, id, trx);
  }

  /**
   * A gateway's payout ended (its callback or a status query), in the caller's transaction: paid posts the hold
   * and the player confirms receipt as after a manual payout; failed voids it (the money is available again) and
   * tells the player. Only from `paying_out`: false when the withdrawal had already left it. The auto-receipt
   * delay is read before the transaction (`autoReceiptMinutes`), as for `approveIn`.
   */
  async settlePayout(
    trx: Transaction<Database>,
    merchant: string,
    id: bigint,
    result: PayoutResult,
    autoReceiptMinutes: number,
  ): Promise<boolean> {
    const row = await this.lockAny(trx, merchant, id);
    if (row.status !== 'paying_out' || row.hold_transfer_id === null) return false;
    if (result.paid) {
      await this.markPaid(trx, row, row.hold_transfer_id, autoReceiptMinutes, row.decided_by ?? 'gateway');
      return true;
    }
    await this.ledger.void(row.hold_transfer_id, trx);
    await repo.update(trx, id, { status: 'rejected', reject_reason: result.reason, completed_at: new Date() });
    await notify(trx, {
      merchant,
      memberId: row.member_id,
      type: 'withdrawal.failed',
      payload: { withdrawalId: id.toString(), amountMinor: row.amount_minor.toString(), reason: result.reason },
    });
    return true;
  }

  /** The payout account a withdrawal pays to, in full (what a gateway is told to pay to), locked with the withdrawal. */
  async payoutAccountOf(trx: Transaction<Database>, withdrawal: repo.WithdrawalRow) {
    return this.security.lockAccount(trx, withdrawal.merchant_code, withdrawal.member_id, withdrawal.payout_account_id);
  }

  /** A withdrawal as staff and gateways see it (no lock). */
  find(db: Kysely<Database>, merchant: string, id: bigint) {
    return repo.selectById(db, merchant, id);
  }

  private async markPaid(
    trx: Transaction<Database>,
    row: repo.WithdrawalRow,
    holdTransferId: bigint,
    autoReceiptMinutes: number,
    actor: string,
  ) {
    await this.ledger.post(holdTransferId, trx);
    const now = new Date();
    const autoReceiptAt = new Date(now.getTime() + autoReceiptMinutes * 60_000);
    await repo.update(trx, row.id, {
      status: 'awaiting_confirmation',
      paid_at: now,
      auto_receipt_at: autoReceiptAt,
      decided_by: actor,
    });
    await schedule(trx, {
      kind: AUTO_RECEIPT_JOB,
      runAt: autoReceiptAt,
      payload: { merchant: row.merchant_code, withdrawalId: row.id.toString() },
      dedupeKey: `${AUTO_RECEIPT_JOB}:${row.id}`,
    });
    await notify(trx, {
      merchant: row.merchant_code,
      memberId: row.member_id,
      type: 'withdrawal.approved',
      payload: { withdrawalId: row.id.toString(), amountMinor: row.amount_minor.toString() },
    });
  }

  /** Refused: the hold is voided (the money is available again) and the player is told why. Only from pending. */
  async reject(merchant: string, id: bigint, actor: string, reason: string, trx?: Transaction<Database>): Promise<Withdrawal> {
    const work = async (trx: Transaction<Database>) => {
      const row = await this.lockAny(trx, merchant, id);
      if (row.status !== 'pending' || row.hold_transfer_id === null) throw new AppError('withdrawal.state');
      await this.ledger.void(row.hold_transfer_id, trx);
      await repo.update(trx, id, { status: 'rejected', reject_reason: reason, decided_by: actor, completed_at: new Date() });
      await notify(trx, {
        merchant,
        memberId: row.member_id,
        type: 'withdrawal.rejected',
        payload: { withdrawalId: id.toString(), amountMinor: row.amount_minor.toString(), reason },
      });
    };
    if (trx) await work(trx);
    else await this.db.transaction().execute(work);
    return this.get(merchant, id, trx);
  }

  /** A pending withdrawal, locked in the caller's transaction: what a back-office approval checks before it waits. */
  async lockPending(trx: Transaction<Database>, merchant: string, id: bigint) {
    const row = await this.lockAny(trx, merchant, id);
    if (row.status !== 'pending' || row.hold_transfer_id === null) throw new AppError('withdrawal.state');
    return row;
  }

  /** Spec §4 "forced received": the operator closes a paid withdrawal as received (nothing is refunded). */
  async forceReceived(merchant: string, id: bigint, actor: string): Promise<Withdrawal> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.lockAny(trx, merchant, id);
      if (!CONFIRMABLE.includes(row.status)) throw new AppError('withdrawal.state');
      await repo.update(trx, id, {
        status: 'completed',
        completion: 'forced',
        received_minor: row.amount_minor,
        decided_by: actor,
        completed_at: new Date(),
      });
    });
    return this.get(merchant, id);
  }

  /** Job handler (idempotent): closes a paid withdrawal nobody confirmed or disputed in time. */
  async autoReceipt({ trx, payload }: JobContext): Promise<void> {
    const merchant = String(payload.merchant);
    const row = await repo.lockById(trx, merchant, BigInt(String(payload.withdrawalId)));
    if (!row || (row.status !== 'awaiting_confirmation' && row.status !== 'partially_received')) return;
    await repo.update(trx, row.id, {
      status: 'completed',
      completion: 'auto',
      received_minor: row.amount_minor,
      completed_at: new Date(),
    });
  }
}

import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { DepositQueueRow, MoneyOutcome, WithdrawalQueueRow } from '@tessera/contract/api/back-office-money';
import type { RiskHint } from '@tessera/contract/routes/back-office-money';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { ActionRow, ApprovalsService, PlannedAction, StaffActor } from '../approvals/service.js';
import type { AuditLog } from '../audit-log/service.js';
import type { DepositsService } from '../deposits/service.js';
import type { Ledger } from '../ledger/service.js';
import type { WithdrawalsService } from '../withdrawals/service.js';
import * as repo from './repo.js';

export type { QueueFilter, QueueOrder } from './repo.js';

const hintsOf = (row: Partial<Record<'new_payout_account' | 'first_withdrawal' | 'shared_ip' | 'little_play', boolean>>) =>
  (['new_payout_account', 'first_withdrawal', 'shared_ip', 'little_play'] as const satisfies readonly RiskHint[]).filter(
    (hint) => row[hint] === true,
  );

const staffLabel = (staff: StaffActor) => `staff:${staff.name}`;

/**
 * The back office's money desk: the deposit and withdrawal queues with their risk hints, decisions on them through
 * the deposits and withdrawals services, and manual adjustments and bonus grants through the ledger. Withdrawal
 * approvals, adjustments and grants go through the four-eyes approvals (`modules/approvals`), which run the
 * executors registered here; deposit decisions and rejections return or keep a player's money and run at once.
 */
export class MoneyDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      approvals: ApprovalsService;
      auditLog: AuditLog;
      deposits: DepositsService;
      withdrawals: WithdrawalsService;
      ledger: Ledger;
    },
  ) {
    this.registerExecutors();
  }

  private registerExecutors() {
    const { approvals, withdrawals, ledger } = this.deps;
    approvals.register('withdrawal.approve', {
      permission: 'withdrawals.approve',
      check: async (trx, action) => {
        await withdrawals.lockPending(trx, action.merchant_code, BigInt(action.target));
      },
      prepare: (action) => withdrawals.autoReceiptMinutes(action.merchant_code),
      run: async (trx, action, staff, autoReceiptMinutes) => {
        const id = BigInt(action.target);
        const before = await withdrawals.lockPending(trx, action.merchant_code, id);
        const after = await withdrawals.approveIn(trx, action.merchant_code, id, staffLabel(staff), Number(autoReceiptMinutes));
        return {
          before: { withdrawal: action.target, status: before.status },
          after: { withdrawal: after.id, status: after.status },
        };
      },
    });
    const balanceMove =
      (kind: 'adjustment' | 'bonus') => async (trx: Transaction<Database>, action: ActionRow, staff: StaffActor) => {
        const memberId = BigInt(action.detail.memberId ?? '0');
        const member = { kind: 'member_main', memberId } as const;
        const house = { kind: 'house', purpose: kind === 'bonus' ? 'promotions' : 'adjustments' } as const;
        const debit = action.detail.direction === 'debit';
        const before = await ledger.balanceOf(action.merchant_code, member, trx);
        await ledger.transfer(
          {
            merchant: action.merchant_code,
            from: debit ? member : house,
            to: debit ? house : member,
            amount: action.amount_minor,
            kind,
            cause: { type: 'operator', id: staffLabel(staff) },
            idempotencyKey: `money-action:${action.id}`,
            memo: { moneyActionId: action.id.toString(), reason: action.reason },
          },
          trx,
        );
        const after = await ledger.balanceOf(action.merchant_code, member, trx);
        return {
          before: { account: action.target, balance: before.balance.toString() },
          after: { account: action.target, balance: after.balance.toString() },
        };
      };
    const enoughToDebit = async (trx: Transaction<Database>, action: ActionRow | PlannedAction) => {
      if (action.detail.direction !== 'debit') return;
      const memberId = BigInt(action.detail.memberId ?? '0');
      const { available } = await ledger.balanceOf(action.merchant_code, { kind: 'member_main', memberId }, trx);
      if (available < action.amount_minor) throw new AppError('wallet.insufficient.funds');
    };
    approvals.register('balance.adjust', { permission: 'balances.adjust', check: enoughToDebit, run: balanceMove('adjustment') });
    approvals.register('bonus.grant', { permission: 'bonuses.grant', run: balanceMove('bonus') });
  }

  async depositQueue(filter: repo.QueueFilter, order: repo.QueueOrder, offset: number, limit: number) {
    const { rows, total } = await repo.depositPage(this.db, filter, order, offset, limit);
    return {
      total,
      rows: rows.map(
        (row): DepositQueueRow => ({
          id: row.id.toString(),
          createdAt: row.created_at.getTime(),
          account: row.account,
          channel: row.channel,
          amount: row.amount_minor.toString(),
          reference: row.reference,
          status: row.status,
          reason: row.reason,
          decidedBy: row.decided_by,
          decidedAt: row.decided_at?.getTime() ?? null,
          proofs: row.proofs ?? 0,
          hints: hintsOf(row),
          hosted: row.expires_at !== null,
        }),
      ),
    };
  }

  async withdrawalQueue(filter: repo.QueueFilter, order: repo.QueueOrder, offset: number, limit: number) {
    const { rows, total } = await repo.withdrawalPage(this.db, filter, order, offset, limit);
    const waiting = await this.deps.approvals.waitingKeys(
      filter.merchant,
      'withdrawal.approve',
      rows.filter((row) => row.status === 'pending').map((row) => row.id.toString()),
    );
    return {
      total,
      rows: rows.map(
        (row): WithdrawalQueueRow => ({
          id: row.id.toString(),
          createdAt: row.created_at.getTime(),
          account: row.account,
          amount: row.amount_minor.toString(),
          payoutAccount: `${row.account_type} ${row.account_provider} ${row.account_masked} ${row.account_holder}`,
          status: row.status,
          rejectReason: row.reject_reason,
          decidedBy: row.decided_by,
          proofs: row.proofs ?? 0,
          awaitingSecond: waiting.has(row.id.toString()),
          hints: hintsOf(row),
        }),
      ),
    };
  }

  async depositProof(merchant: string, orderId: bigint, position: number) {
    const proof = await repo.depositProof(this.db, merchant, orderId, position);
    if (!proof) throw new AppError('money.proof.not.found');
    return { mime: proof.mime, dataUrl: `data:${proof.mime};base64,${Buffer.from(proof.data).toString('base64')}` };
  }

  async withdrawalProof(merchant: string, withdrawalId: bigint, position: number) {
    const proof = await repo.withdrawalProof(this.db, merchant, withdrawalId, position);
    if (!proof) throw new AppError('money.proof.not.found');
    return { mime: proof.mime, dataUrl: `data:${proof.mime};base64,${Buffer.from(proof.data).toString('base64')}` };
  }

  /** Credits a pending deposit order: the deposits service moves the money, the audit entry commits with it. */
  async approveDeposit(staff: StaffActor, merchant: string, orderId: bigint) {
    await this.db.transaction().execute(async (trx) => {
      const order = await this.deps.deposits.approve(merchant, orderId, this.decision(staff), trx);
      await this.audit(
        trx,
        staff,
        merchant,
        'deposit.approve',
        `deposit:${orderId}`,
        { status: 'pending' },
        { status: order.status },
      );
    });
  }

  async rejectDeposit(staff: StaffActor, merchant: string, orderId: bigint, reason: string) {
    await this.db.transaction().execute(async (trx) => {
      const order = await this.deps.deposits.decline(merchant, orderId, 'rejected', reason, this.decision(staff), trx);
      await this.audit(
        trx,
        staff,
        merchant,
        'deposit.reject',
        `deposit:${orderId}`,
        { status: 'pending' },
        { status: order.status, reason },
      );
    });
  }

  /** The payout is sent now, or, above the threshold, once a second staff member confirms. */
  async approveWithdrawal(staff: StaffActor, merchant: string, id: bigint): Promise<MoneyOutcome> {
    const withdrawal = await this.deps.withdrawals.show(merchant, id);
    if (!withdrawal) throw new AppError('withdrawal.not.found');
    return this.deps.approvals.request(staff, merchant, {
      kind: 'withdrawal.approve',
      target: id.toString(),
      amount: withdrawal.amount_minor,
      detail: { account: withdrawal.member_account },
      requestKey: id.toString(),
    });
  }

  /** Refuses a pending withdrawal (the held money is available again); an approval waiting on it is closed with it. */
  async rejectWithdrawal(staff: StaffActor, merchant: string, id: bigint, reason: string) {
    await this.db.transaction().execute(async (trx) => {
      const after = await this.deps.withdrawals.reject(merchant, id, staffLabel(staff), reason, trx);
      await this.deps.approvals.closeWaiting(
        trx,
        staff,
        merchant,
        'withdrawal.approve',
        id.toString(),
        `withdrawal rejected: ${reason}`,
      );
      await this.audit(
        trx,
        staff,
        merchant,
        'withdrawal.reject',
        `withdrawal:${id}`,
        { status: 'pending' },
        { status: after.status, reason },
      );
    });
  }

  async balance(merchant: string, account: string) {
    const member = await this.realMember(merchant, account);
    const balance = await this.deps.ledger.balanceOf(merchant, { kind: 'member_main', memberId: member.id });
    return { account: member.account, balance: balance.balance.toString(), available: balance.available.toString() };
  }

  async adjust(
    staff: StaffActor,
    merchant: string,
    input: { requestId: string; account: string; direction: 'credit' | 'debit'; amount: bigint; reason: string },
  ): Promise<MoneyOutcome> {
    const member = await this.realMember(merchant, input.account);
    return this.deps.approvals.request(staff, merchant, {
      kind: 'balance.adjust',
      target: member.account,
      amount: input.amount,
      detail: { memberId: member.id.toString(), direction: input.direction },
      reason: input.reason,
      requestKey: input.requestId,
    });
  }

  async grantBonus(
    staff: StaffActor,
    merchant: string,
    input: { requestId: string; account: string; amount: bigint; reason: string },
  ): Promise<MoneyOutcome> {
    const member = await this.realMember(merchant, input.account);
    return this.deps.approvals.request(staff, merchant, {
      kind: 'bonus.grant',
      target: member.account,
      amount: input.amount,
      detail: { memberId: member.id.toString(), direction: 'credit' },
      reason: input.reason,
      requestKey: input.requestId,
    });
  }

  private async realMember(merchant: string, account: string) {
    const member = await repo.memberByAccount(this.db, merchant, account.trim());
    if (!member || member.agent_type === TRIAL_TYPE) throw new AppError('money.member.unknown');
    return member;
  }

  private decision(staff: StaffActor) {
    return { actor: staffLabel(staff), cause: { type: 'operator' as const, id: staffLabel(staff) } };
  }

  private audit(
    trx: Transaction<Database>,
    staff: StaffActor,
    merchant: string,
    action: string,
    target: string,
    before: unknown,
    after: unknown,
  ) {
    return this.deps.auditLog.append(
      { actor: staff.name, kind: 'staff', ip: staff.ip },
      { action, merchantCode: merchant, target, before, after },
      trx,
    );
  }
}

import { AGENT_CENTRE_TYPES, TRIAL_TYPE } from '@tessera/contract/api/accounts';
import {
  MEMBER_TRANSFER_MAX_MINOR,
  MEMBER_TRANSFER_MIN_MINOR,
  type MemberTransfer,
  type MemberTransferBody,
  type MemberTransferInfo,
} from '@tessera/contract/api/member-transfers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { Ledger } from '../ledger/service.js';
import { verifyPaymentPassword } from '../security-centre/payment-password.js';
import * as repo from './repo.js';

const HISTORY_SIZE = 20;

export class MemberTransferService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
  ) {}

  private async member(merchantCode: string, memberId: bigint) {
    const member = await repo.selectMember(this.db, merchantCode, memberId);
    if (!member) throw new AppError('login.not.session');
    return member;
  }

  async info(merchantCode: string, memberId: bigint): Promise<MemberTransferInfo> {
    const member = await this.member(merchantCode, memberId);
    const [balance, history] = await Promise.all([
      this.ledger.balanceOf(merchantCode, { kind: 'member_main', memberId }),
      repo.selectHistory(this.db, memberId, HISTORY_SIZE),
    ]);
    return {
      upline: member.parent_account ? { account: member.parent_account } : null,
      canTransferDownline: AGENT_CENTRE_TYPES.includes(member.agent_type),
      availableMinor: balance.available.toString(),
      minMinor: MEMBER_TRANSFER_MIN_MINOR.toString(),
      maxMinor: MEMBER_TRANSFER_MAX_MINOR.toString(),
      history: history.map((row) => {
        const sent = row.from_member_id === memberId;
        return {
          id: String(row.id),
          direction: sent ? 'out' : 'in',
          counterparty: sent ? row.to_account : row.from_account,
          relation: row.relation,
          amountMinor: String(row.amount_minor),
          time: row.created_at.getTime(),
        };
      }),
    };
  }

  /**
   * Sends main-wallet money to the member's upline or, for an agent, to a member of their downline tree.
   * Checks run in this order so that nothing is learnt about other accounts before the password is proved:
   * amount range, a retried request id (answered before the password, and 409 when its amount or target
   * differs), payment password, then the target. The ledger refuses an overdraft
   * (`wallet.insufficient.funds`) under its row lock, so concurrent transfers never overdraw; the request id
   * makes a retry answer with the first transfer instead of sending again.
   */
  async send(
    merchantCode: string,
    memberId: bigint,
    body: MemberTransferBody,
  ): Promise<{ transfer: MemberTransfer; info: MemberTransferInfo }> {
    const sender = await this.member(merchantCode, memberId);
    if (sender.agent_type === TRIAL_TYPE) throw new AppError('in_need_true_account');
    const amount = BigInt(body.amountMinor);
    if (amount < MEMBER_TRANSFER_MIN_MINOR || amount > MEMBER_TRANSFER_MAX_MINOR) {
      throw new AppError('transfer.amount.out.of.range', {
        fields: [
          {
            field: 'body/amountMinor',
            key: 'errors.transfer_amount_out_of_range',
            params: { minMinor: MEMBER_TRANSFER_MIN_MINOR.toString(), maxMinor: MEMBER_TRANSFER_MAX_MINOR.toString() },
          },
        ],
      });
    }
    const replay = await this.replayOf(memberId, body, amount);
    if (replay !== undefined)
      return { transfer: await this.described(memberId, replay), info: await this.info(merchantCode, memberId) };
    await verifyPaymentPassword(this.db, merchantCode, memberId, body.paymentPassword);

    const target = await this.target(merchantCode, sender, body);
    const id = await this.db.transaction().execute(async (trx) => {
      const receipt = await this.ledger.transfer(
        {
          merchant: merchantCode,
          from: { kind: 'member_main', memberId },
          to: { kind: 'member_main', memberId: target.id },
          amount,
          kind: 'member_transfer',
          cause: { type: 'member', id: String(memberId) },
          idempotencyKey: `member-transfer:${memberId}:${body.requestId}`,
          memo: { relation: body.direction, fromAccount: sender.account, toAccount: target.account },
        },
        trx,
      );
      return repo.insertTransfer(trx, {
        merchantCode,
        from: memberId,
        to: target.id,
        relation: body.direction,
        amount,
        requestId: body.requestId,
        ledgerTransferId: receipt.id,
      });
    });
    const transferId = id ?? (await this.replayOf(memberId, body, amount));
    if (transferId === undefined) throw new Error('member transfer vanished after a request-id conflict');
    return { transfer: await this.described(memberId, transferId), info: await this.info(merchantCode, memberId) };
  }

  /** The transfer a retried request id already made; the same id with another amount or target is a conflict. */
  private async replayOf(memberId: bigint, body: MemberTransferBody, amount: bigint): Promise<bigint | undefined> {
    const earlier = await repo.selectByRequest(this.db, memberId, body.requestId);
    if (!earlier) return undefined;
    const sameTarget =
      earlier.relation === body.direction &&
      (body.direction === 'upline' || earlier.to_account.toLowerCase() === body.toAccount?.trim().toLowerCase());
    if (earlier.amount_minor !== amount || !sameTarget) throw new AppError('transfer.request.conflict');
    return earlier.id;
  }

  private async target(
    merchantCode: string,
    sender: NonNullable<Awaited<ReturnType<typeof repo.selectMember>>>,
    body: MemberTransferBody,
  ): Promise<{ id: bigint; account: string }> {
    if (body.direction === 'upline') {
      if (sender.parent_id === null || sender.parent_account === null || sender.parent_status !== 'active') {
        throw new AppError('transfer.target.not.allowed');
      }
      return { id: sender.parent_id, account: sender.parent_account };
    }
    if (!AGENT_CENTRE_TYPES.includes(sender.agent_type) || !body.toAccount?.trim())
      throw new AppError('transfer.target.not.allowed');
    const downline = await repo.selectDownline(this.db, merchantCode, sender.id, body.toAccount.trim());
    if (downline?.status !== 'active') throw new AppError('transfer.target.not.allowed');
    return { id: downline.id, account: downline.account };
  }

  private async described(memberId: bigint, transferId: bigint): Promise<MemberTransfer> {
    const rows = await repo.selectHistory(this.db, memberId, HISTORY_SIZE);
    const row = rows.find((r) => r.id === transferId);
    if (!row) throw new Error('member transfer not found after writing it');
    return {
      id: String(row.id),
      direction: 'out',
      counterparty: row.to_account,
      relation: row.relation,
      amountMinor: String(row.amount_minor),
      time: row.created_at.getTime(),
    };
  }
}

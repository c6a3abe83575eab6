import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { Ledger } from '../ledger/service.js';
import { gameMemo, houseAccount, isTrialMember, memberMain } from './accounts.js';
import * as repo from './repo.js';
import type { SeamlessWallet, VendorBalance, VendorMovement, VendorReceipt, VendorRollback } from './vendor.js';

/**
 * The seamless-wallet protocol on the ledger. Every vendor transaction id is one row of
 * `game_vendor_transactions` written in the same database transaction as its ledger transfer, so an id is
 * applied at most once: a retry (even concurrent) answers the original result, a different operation under a
 * used id is `vendor.tx.conflict`. A rollback of an id never seen is recorded, so the late debit is refused.
 */
export class LedgerSeamlessWallet implements SeamlessWallet {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
  ) {}

  async balance(merchant: string, memberId: bigint): Promise<VendorBalance> {
    const [balance, playMoney] = await Promise.all([
      this.ledger.balanceOf(merchant, memberMain(memberId)),
      isTrialMember(this.db, merchant, memberId),
    ]);
    return { balance: balance.available, playMoney };
  }

  debit(bet: VendorMovement): Promise<VendorReceipt> {
    return this.move('debit', bet);
  }

  credit(win: VendorMovement): Promise<VendorReceipt> {
    return this.move('credit', win);
  }

  async rollback(rollback: VendorRollback): Promise<VendorReceipt & { found: boolean }> {
    const { merchant, vendor, txId } = rollback;
    return this.db.transaction().execute(async (trx) => {
      let row = await repo.lockVendorTx(trx, merchant, vendor, txId);
      if (!row) {
        const recorded = await repo.insertVendorTx(trx, {
          merchant_code: merchant,
          vendor,
          tx_id: txId,
          member_id: rollback.memberId ?? null,
          operation: 'rollback',
          amount: 0n,
          round_id: null,
          game_code: null,
          state: 'rolled_back',
        });
        if (recorded) return { found: false, replayed: false, balance: await this.available(trx, merchant, rollback.memberId) };
        // The debit committed while this rollback waited for its id: roll it back like any known one.
        row = await repo.lockVendorTx(trx, merchant, vendor, txId);
        if (!row) throw new Error('vendor transaction vanished');
      }
      const memberId = row.member_id ?? rollback.memberId;
      if (rollback.memberId !== undefined && row.member_id !== null && row.member_id !== rollback.memberId) {
        throw new AppError('vendor.tx.conflict');
      }
      if (row.operation === 'rollback')
        return { found: false, replayed: true, balance: await this.available(trx, merchant, memberId) };
      // Vendors correct a win with a new debit; cancelling a credit could take money the player already spent.
      if (row.operation === 'credit') throw new AppError('vendor.tx.conflict');
      if (row.state === 'rolled_back')
        return { found: true, replayed: true, balance: await this.available(trx, merchant, memberId) };
      if (row.amount > 0n && row.member_id !== null) {
        const playMoney = await isTrialMember(trx, merchant, row.member_id);
        const receipt = await this.ledger.transfer(
          {
            merchant,
            from: houseAccount(playMoney),
            to: memberMain(row.member_id),
            amount: row.amount,
            kind: 'refund',
            cause: { type: 'game_round', id: row.round_id ?? txId },
            idempotencyKey: `vendor-rollback:${vendor}:${txId}`,
            memo: { vendor, gameCode: row.game_code, roundId: row.round_id, rollbackOf: txId },
          },
          trx,
        );
        await repo.markRolledBack(trx, row.id, receipt.id);
      }
      return { found: true, replayed: false, balance: await this.available(trx, merchant, memberId) };
    });
  }

  private async move(operation: 'debit' | 'credit', movement: VendorMovement): Promise<VendorReceipt> {
    const { merchant, vendor, memberId, txId, amount } = movement;
    // A debit moves money; a credit of 0 (a lost round's settlement) is recorded without a transfer.
    if (amount < 0n || (operation === 'debit' && amount === 0n))
      throw new RangeError(`vendor ${operation} amount must be positive`);
    const playMoney = await isTrialMember(this.db, merchant, memberId);
    return this.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertVendorTx(trx, {
        merchant_code: merchant,
        vendor,
        tx_id: txId,
        member_id: memberId,
        operation,
        amount,
        round_id: movement.roundId,
        game_code: movement.gameCode,
        state: 'applied',
      });
      const row = await repo.lockVendorTx(trx, merchant, vendor, txId);
      if (!row) throw new Error('vendor transaction vanished');
      if (!inserted) {
        // A retry of the same operation answers as before (even after a rollback of it); anything else, including
        // a debit whose id was rolled back before it arrived, is refused.
        const same = row.operation === operation && row.amount === amount && row.member_id === memberId;
        if (!same) throw new AppError('vendor.tx.conflict');
        return { replayed: true, balance: await this.available(trx, merchant, memberId) };
      }
      if (amount > 0n) {
        const member = memberMain(memberId);
        const house = houseAccount(playMoney);
        const receipt = await this.ledger.transfer(
          {
            merchant,
            from: operation === 'debit' ? member : house,
            to: operation === 'debit' ? house : member,
            amount,
            kind: operation === 'debit' ? 'bet' : 'win',
            cause: { type: 'game_round', id: movement.roundId },
            idempotencyKey: `vendor:${vendor}:${txId}`,
            memo: gameMemo({
              gameCategory: movement.gameCategory,
              validBet: operation === 'debit' ? (movement.validBet ?? amount) : 0n,
              vendor,
              gameCode: movement.gameCode,
              roundId: movement.roundId,
            }),
          },
          trx,
        );
        await repo.setVendorTxTransfer(trx, row.id, receipt.id);
      }
      return { replayed: false, balance: await this.available(trx, merchant, memberId) };
    });
  }

  private async available(trx: Transaction<Database>, merchant: string, memberId: bigint | undefined) {
    if (memberId === undefined) return 0n;
    return (await this.ledger.balanceOf(merchant, memberMain(memberId), trx)).available;
  }
}

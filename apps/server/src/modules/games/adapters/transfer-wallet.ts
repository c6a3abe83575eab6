import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../platform/app-error.js';
import type { JobContext, JobRunner } from '../../jobs/service.js';
import { schedule } from '../../jobs/service.js';
import type { AccountRef, Ledger } from '../../ledger/service.js';
import { gameMemo, houseAccount, memberMain } from '../accounts.js';
import { adapterFor, type VendorAdapter, type VendorTransfer, type VendorTransferWallet, VendorUnreachable } from '../vendor.js';
import * as repo from './transfer-wallet-repo.js';

/** Durable job that settles a transfer whose vendor call got no definite answer (or whose instance died). */
export const RECONCILE_JOB = 'vendor.transfer.reconcile';
/** Longer than any vendor call can take, so the job never races the request that is still waiting for it. */
const RECONCILE_AFTER_MS = 30_000;

export interface TransferMove {
  merchant: string;
  memberId: bigint;
  vendor: string;
  /** 'in': main wallet → vendor; 'out': vendor → main wallet. */
  direction: 'in' | 'out';
  amount: bigint;
  /** The member's request id: a retry of the same request never moves money twice. */
  requestId: string;
  currency: string;
}

const vendorAccount = (memberId: bigint, vendor: string): AccountRef => ({ kind: 'member_vendor', memberId, vendor });

/**
 * Transfer-wallet mode with a vendor that keeps its own balance. The ledger moves first, as a pending hold
 * (main → member_vendor for 'in', member_vendor → main for 'out') written in one transaction with a reconcile
 * job; then the vendor is called with the hold's id as its idempotency key; its definite answer posts or voids
 * the hold. No answer leaves the hold pending (the money is neither spendable twice nor lost) and the job asks
 * the vendor later: 'done' posts, 'refused' voids, 'unknown' sends the same call again for a definite answer.
 */
export class VendorTransfers {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly adapters: readonly VendorAdapter[],
  ) {}

  /** The vendor's transfer API when its adapter keeps a balance of its own; undefined otherwise. */
  walletOf(vendor: string): VendorTransferWallet | undefined {
    return adapterFor(vendor, this.adapters)?.transferWallet;
  }

  /** Fails with `wallet.insufficient.funds` (nothing moved), `wallet.vendor.refused` or `wallet.transfer.pending`. */
  async move(input: TransferMove, resultsBooked = false): Promise<void> {
    const wallet = this.walletOfOrFail(input.vendor);
    if (input.direction === 'out' && !resultsBooked) await this.bookGameResults(wallet, input);
    const main = memberMain(input.memberId);
    const atVendor = vendorAccount(input.memberId, input.vendor);
    const hold = await this.db.transaction().execute(async (trx) => {
      await repo.lockMemberVendor(trx, input.merchant, input.memberId, input.vendor);
      const receipt = await this.ledger.hold(
        {
          merchant: input.merchant,
          from: input.direction === 'in' ? main : atVendor,
          to: input.direction === 'in' ? atVendor : main,
          amount: input.amount,
          kind: 'wallet_transfer',
          cause: { type: 'member', id: input.memberId.toString() },
          idempotencyKey: `wallet-transfer:${input.memberId}:${input.requestId}`,
          memo: { direction: input.direction, vendor: input.vendor },
        },
        trx,
      );
      await schedule(trx, {
        kind: RECONCILE_JOB,
        runAt: new Date(Date.now() + RECONCILE_AFTER_MS),
        payload: {
          merchant: input.merchant,
          memberId: input.memberId.toString(),
          vendor: input.vendor,
          direction: input.direction,
          amount: input.amount.toString(),
          currency: input.currency,
          transferId: receipt.id.toString(),
        },
        dedupeKey: `${RECONCILE_JOB}:${receipt.id}`,
      });
      return receipt;
    });
    if (hold.state === 'posted') return;
    if (hold.state === 'voided') throw new AppError('wallet.vendor.refused');
    let answer: 'done' | 'refused';
    try {
      answer = await call(wallet, input.direction, { ...input, transferId: hold.id.toString() });
    } catch (error) {
      if (error instanceof VendorUnreachable) throw new AppError('wallet.transfer.pending');
      throw error;
    }
    await (answer === 'done' ? this.ledger.post(hold.id) : this.ledger.void(hold.id));
    if (answer === 'refused') throw new AppError('wallet.vendor.refused');
  }

  /**
   * Collect (spec §7.2 "recycle"): everything the player holds at the vendor comes back to the main wallet,
   * game results included. Same failures as `move`; nothing to collect is not an error.
   */
  async collect(input: Omit<TransferMove, 'direction' | 'amount'>): Promise<void> {
    const wallet = this.walletOfOrFail(input.vendor);
    await this.bookGameResults(wallet, input);
    const held = await this.ledger.balanceOf(input.merchant, vendorAccount(input.memberId, input.vendor));
    if (held.available > 0n) await this.move({ ...input, direction: 'out', amount: held.available }, true);
  }

  /** The reconcile job: idempotent, and a no-op once the request itself has settled the hold. */
  async reconcile({ trx, payload }: JobContext): Promise<void> {
    const transferId = BigInt(String(payload.transferId));
    if ((await repo.selectTransferState(trx, transferId)) !== 'pending') return;
    const vendor = String(payload.vendor);
    const wallet = this.walletOf(vendor);
    // The adapter is not configured on this instance (yet): fail, so the job is retried with backoff.
    if (!wallet) throw new Error(`vendor ${vendor} has no transfer wallet on this instance`);
    const merchant = String(payload.merchant);
    const direction = payload.direction === 'out' ? 'out' : 'in';
    let state = await wallet.status(merchant, transferId.toString());
    if (state === 'unknown') {
      state = await call(wallet, direction, {
        merchant,
        memberId: BigInt(String(payload.memberId)),
        transferId: transferId.toString(),
        amount: BigInt(String(payload.amount)),
        currency: String(payload.currency),
      });
    }
    await (state === 'done' ? this.ledger.post(transferId, trx) : this.ledger.void(transferId, trx));
  }

  private walletOfOrFail(vendor: string): VendorTransferWallet {
    const wallet = this.walletOf(vendor);
    if (!wallet) throw new Error(`vendor ${vendor} has no transfer wallet`);
    return wallet;
  }

  registerJob(jobs: JobRunner): void {
    jobs.register(RECONCILE_JOB, (context) => this.reconcile(context));
  }

  /**
   * The vendor's games change its balance without telling us: before money comes back, the difference between
   * its balance and our member_vendor account is booked as the player's net game result (house ↔ vendor
   * wallet), keyed by the request so a retry books it once. Skipped while a move awaits the vendor, whose
   * balance may already include it.
   */
  private async bookGameResults(
    wallet: VendorTransferWallet,
    input: Pick<TransferMove, 'merchant' | 'memberId' | 'vendor' | 'requestId'>,
  ) {
    await this.db.transaction().execute(async (trx: Transaction<Database>) => {
      await repo.lockMemberVendor(trx, input.merchant, input.memberId, input.vendor);
      if (await repo.hasPendingVendorMove(trx, input.merchant, input.memberId, input.vendor)) return;
      const account = vendorAccount(input.memberId, input.vendor);
      const atVendor = await wallet.balance(input.merchant, input.memberId).catch((error: unknown) => {
        throw error instanceof VendorUnreachable ? new AppError('game.vendor.unavailable') : error;
      });
      const ours = (await this.ledger.balanceOf(input.merchant, account, trx)).balance;
      const net = atVendor - ours;
      if (net === 0n) return;
      const house = houseAccount(false);
      await this.ledger.transfer(
        {
          merchant: input.merchant,
          from: net > 0n ? house : account,
          to: net > 0n ? account : house,
          amount: net > 0n ? net : -net,
          kind: net > 0n ? 'win' : 'bet',
          cause: { type: 'member', id: input.memberId.toString() },
          idempotencyKey: `vendor-results:${input.vendor}:${input.memberId}:${input.requestId}`,
          // validBet 0: a net result is not turnover, so it earns no rebate.
          memo: gameMemo({
            gameCategory: await repo.selectVendorCategory(trx, input.merchant, input.vendor),
            validBet: 0n,
            vendor: input.vendor,
            gameCode: '',
            roundId: `transfer-results:${input.requestId}`,
          }),
        },
        trx,
      );
    });
  }
}

function call(wallet: VendorTransferWallet, direction: 'in' | 'out', transfer: VendorTransfer) {
  return direction === 'in' ? wallet.deposit(transfer) : wallet.withdraw(transfer);
}

import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import {
  type ConsolidatedFunds,
  MAIN_WALLET,
  type WalletBalance,
  type WalletLine,
  type WalletTransferBody,
} from '@tessera/contract/api/wallet';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { VendorTransfers } from '../games/adapters/transfer-wallet.js';
import { PlayChecks } from '../games/play-checks.js';
import type { Ledger } from '../ledger/service.js';
import * as repo from './repo.js';

interface Account {
  kind: string;
  ref: string;
  balance: bigint;
  held: bigint;
}

const available = (account: Account | undefined) => (account ? account.balance - account.held : 0n);
const line = (accountTypeId: string, account: Account | undefined): WalletLine => ({
  accountTypeId,
  availBalance: available(account).toString(),
  held: (account?.held ?? 0n).toString(),
});
const fieldError = (field: string, key: string) =>
  new AppError('request.invalid', { fields: [{ field: `body/${field}`, key, params: {} }] });

/**
 * A member's wallets as the player sees them: the main wallet, and in transfer mode one wallet per vendor.
 * Every movement goes through the ledger; this module only reads its accounts (spec §7.2).
 */
export class WalletService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    // Vendors that keep their own balance in transfer mode move money through their adapter (modules/games).
    private readonly vendorTransfers?: VendorTransfers,
    /** Uncached unless listening (`PlayChecks.listen`): the server passes its shared one. */
    private readonly checks = new PlayChecks(db),
  ) {}

  /**
   * sumBalance is what the player may spend or collect: available main plus vendor wallets (held money of a
   * pending withdrawal is not counted). A trial account receives its play money on its first read.
   */
  async balance(merchant: string, memberId: bigint, settings: Settings): Promise<WalletBalance> {
    const isTrial = await this.checks.isTrial(merchant, memberId);
    if (isTrial) await this.creditPlayMoneyOnce(merchant, memberId, settings);
    const accounts = await repo.selectMemberAccounts(this.db, merchant, memberId);
    const main = accounts.find((account) => account.kind === 'member_main');
    const vendorAccounts = new Map(accounts.filter((a) => a.kind === 'member_vendor').map((a) => [a.ref, a]));
    // Transfer mode lists every vendor wallet; single mode still shows a vendor wallet that holds money (left
    // from an earlier transfer mode), so no money is ever out of sight.
    const vendorCodes = settings.wallet.isSingle
      ? [...vendorAccounts.keys()].filter((code) => available(vendorAccounts.get(code)) !== 0n)
      : await this.vendorCodes(merchant, vendorAccounts.keys());
    const lines = [line(MAIN_WALLET, main), ...vendorCodes.map((code) => line(code, vendorAccounts.get(code)))];
    const sum = lines.reduce((total, entry) => total + BigInt(entry.availBalance), 0n);
    return { sumBalance: sum.toString(), ...currencyOf(settings), playMoney: isTrial, balance: lines };
  }

  async consolidated(merchant: string, memberId: bigint, settings: Settings): Promise<ConsolidatedFunds> {
    const accounts = await repo.selectMemberAccounts(this.db, merchant, memberId);
    const byKind = (kind: string) => accounts.filter((account) => account.kind === kind);
    const main = byKind('member_main')[0];
    const vendors = byKind('member_vendor').reduce((total, account) => total + available(account), 0n);
    return {
      main: available(main).toString(),
      held: (main?.held ?? 0n).toString(),
      vendors: vendors.toString(),
      bonus: available(byKind('member_bonus')[0]).toString(),
      points: available(byKind('member_points')[0]).toString(),
      sumBalance: (available(main) + vendors).toString(),
      ...currencyOf(settings),
    };
  }

  async merchantWallet(merchant: string, settings: Settings) {
    if (settings.wallet.isSingle) return { isSingle: true, vendors: [] };
    const vendors = await repo.selectWalletVendors(this.db, merchant);
    return { isSingle: false, vendors: vendors.map((v) => ({ vendor: v.vassalage, displayName: v.display_name })) };
  }

  /**
   * Transfer mode only: main → vendor ('in'), vendor → main ('out'), or every vendor wallet → main ('collect').
   * The member's requestId makes each move idempotent: a retried request never moves money twice.
   */
  async transfer(merchant: string, memberId: bigint, settings: Settings, body: WalletTransferBody): Promise<WalletBalance> {
    if (settings.wallet.isSingle) throw new AppError('wallet.transfer.unavailable');
    if ((await repo.selectAgentType(this.db, merchant, memberId)) === TRIAL_TYPE) throw new AppError('in_need_true_account');
    const cause = { type: 'member', id: memberId.toString() } as const;
    const main = { kind: 'member_main', memberId } as const;
    if (body.direction === 'collect') {
      await this.collect(merchant, memberId, body.requestId, settings.product.currency.code);
    } else {
      if (body.vendor === undefined) throw fieldError('vendor', 'validation.required');
      if (body.amount === undefined) throw fieldError('amount', 'validation.required');
      const known = await repo.selectWalletVendors(this.db, merchant);
      if (!known.some((vendor) => vendor.vassalage === body.vendor)) throw new AppError('wallet.vendor.unknown');
      if (this.vendorTransfers?.walletOf(body.vendor)) {
        const { vendor: code, direction } = body;
        const move = { merchant, memberId, vendor: code, direction, amount: BigInt(body.amount), requestId: body.requestId };
        await this.vendorTransfers.move({ ...move, currency: settings.product.currency.code });
        return this.balance(merchant, memberId, settings);
      }
      const vendor = { kind: 'member_vendor', memberId, vendor: body.vendor } as const;
      await this.ledger.transfer({
        merchant,
        from: body.direction === 'in' ? main : vendor,
        to: body.direction === 'in' ? vendor : main,
        amount: BigInt(body.amount),
        kind: 'wallet_transfer',
        cause,
        idempotencyKey: `wallet-transfer:${memberId}:${body.requestId}`,
        memo: { direction: body.direction, vendor: body.vendor },
      });
    }
    return this.balance(merchant, memberId, settings);
  }

  /**
   * Each vendor wallet moves back whole, as its own atomic transfer keyed by request and vendor. A retry of the
   * same request finds the moves already made (replayed, or a key whose amount no longer matches) and skips them.
   */
  private async collect(merchant: string, memberId: bigint, requestId: string, currency: string) {
    const accounts = await repo.selectMemberAccounts(this.db, merchant, memberId);
    for (const account of accounts) {
      const amount = available(account);
      if (account.kind !== 'member_vendor' || amount <= 0n) continue;
      try {
        if (this.vendorTransfers?.walletOf(account.ref)) {
          const move = { merchant, memberId, vendor: account.ref, requestId: `${requestId}:${account.ref}`, currency };
          await this.vendorTransfers.collect(move);
          continue;
        }
        await this.ledger.transfer({
          merchant,
          from: { kind: 'member_vendor', memberId, vendor: account.ref },
          to: { kind: 'member_main', memberId },
          amount,
          kind: 'wallet_transfer',
          cause: { type: 'member', id: memberId.toString() },
          idempotencyKey: `wallet-collect:${memberId}:${requestId}:${account.ref}`,
          memo: { direction: 'collect', vendor: account.ref },
        });
      } catch (error) {
        // A vendor that has not answered yet, or refuses now, keeps its wallet: the other vendors still collect.
        const alreadyDone =
          error instanceof AppError &&
          (error.code === 'ledger.idempotency.conflict' ||
            error.code === 'wallet.insufficient.funds' ||
            error.code === 'wallet.transfer.pending' ||
            error.code === 'wallet.vendor.refused');
        if (!alreadyDone) throw error;
      }
    }
  }

  /**
   * Spec §9 trial type 4: play money from the house, once per account. Decided by the credit's own key, not by
   * whether the account exists: the ledger commits a new account before the transfer into it, so a read racing
   * the first one would see an empty account and answer 0. A read that finds no committed credit makes it: the
   * key turns a concurrent second attempt into a replay that waits for the first to commit.
   */
  private async creditPlayMoneyOnce(merchant: string, memberId: bigint, settings: Settings): Promise<void> {
    const amount = BigInt(settings.wallet.trialPlayMoneyMinor);
    const idempotencyKey = `trial-play-money:${memberId}`;
    if (amount <= 0n || (await this.ledger.hasTransfer(merchant, idempotencyKey))) return;
    await this.ledger.transfer({
      merchant,
      from: { kind: 'house', purpose: 'playmoney' },
      to: { kind: 'member_main', memberId },
      amount,
      kind: 'adjustment',
      cause: { type: 'member', id: memberId.toString() },
      idempotencyKey,
      memo: { reason: 'trial_play_money' },
    });
  }

  private async vendorCodes(merchant: string, held: Iterable<string>): Promise<string[]> {
    const codes = (await repo.selectWalletVendors(this.db, merchant)).map((vendor) => vendor.vassalage);
    for (const code of held) if (!codes.includes(code)) codes.push(code);
    return codes;
  }
}

export const currencyOf = (settings: Settings) => ({
  currency: settings.product.currency.code,
  currencySymbol: settings.product.currency.symbol,
  minorDigits: settings.product.currency.minorDigits,
});

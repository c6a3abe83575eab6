import { PAYOUT_FAILED_REASON } from '@tessera/contract/routes/withdrawals';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type JobContext, schedule } from '../jobs/service.js';
import { SiteSettingsService } from '../site-settings/service.js';
import type { PayoutResult, WithdrawalsService } from '../withdrawals/service.js';
import type { CallbackMessage, PaymentProvider, ProviderPayout } from './provider.js';
import * as repo from './repo.js';
import type { CallbackOutcome } from './tables.js';

export const PAYOUT_JOB = 'withdrawal.payout';
export const PAYOUT_CHECK_JOB = 'withdrawal.payout-check';
/** When a payout still unsettled is asked about, in minutes after it was taken: then staff look (the queue). */
const CHECK_AFTER_MINUTES = [10, 30, 120, 720] as const;

/**
 * Withdrawals paid out through payment providers. An approval offers the withdrawal here first: when an active
 * gateway channel of the merchant pays out to accounts of the withdrawal's type, the approval's transaction records
 * the payout (`requesting`) and schedules its job, and the withdrawal waits in `paying_out`. The job asks the
 * provider (idempotent by the withdrawal id, so a job run again after a crash asks for the same payout); the
 * provider's callback, or a status query when none came, settles it under the withdrawal's row lock: paid posts
 * the ledger hold, failed voids it and tells the player.
 */
export class GatewayPayouts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly withdrawals: WithdrawalsService,
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
  ) {}

  /** The approval's hook (`WithdrawalsService.payOutThrough`): takes the payout when a gateway channel pays to the account. */
  readonly dispatch = async (
    trx: Transaction<Database>,
    withdrawal: { id: bigint; merchant_code: string; account_type: 'bank' | 'ewallet'; amount_minor: bigint },
  ): Promise<boolean> => {
    const channels = await repo.payoutChannels(trx, withdrawal.merchant_code, withdrawal.account_type);
    const channel = channels.find((candidate) => candidate.gateway !== null && this.providers.has(candidate.gateway));
    if (!channel?.gateway) return false;
    const settings = await settingsIn(trx, withdrawal.merchant_code);
    await repo.insertPayout(trx, {
      withdrawal_id: withdrawal.id,
      merchant_code: withdrawal.merchant_code,
      provider: channel.gateway,
      channel_id: channel.id,
      amount_minor: withdrawal.amount_minor,
      currency: channel.currency ?? settings.product.currency.code,
    });
    await schedule(trx, {
      kind: PAYOUT_JOB,
      runAt: new Date(),
      payload: { merchant: withdrawal.merchant_code, withdrawalId: withdrawal.id.toString() },
      dedupeKey: `${PAYOUT_JOB}:${withdrawal.id}`,
    });
    return true;
  };

  /**
   * Job: asks the provider for the payout. The provider's call runs inside the job's transaction (its claim on
   * the payout row): its own idempotency by reference makes a second run after a crash harmless. A final refusal
   * fails the payout at once; no answer throws, and the job runner asks again with its backoff.
   */
  async request({ trx, payload }: JobContext): Promise<void> {
    const merchant = String(payload.merchant);
    const withdrawalId = BigInt(String(payload.withdrawalId));
    const payout = await repo.lockPayout(trx, withdrawalId);
    if (payout?.state !== 'requesting') return;
    const withdrawal = await this.withdrawals.find(trx, merchant, withdrawalId);
    if (withdrawal?.status !== 'paying_out') return;
    const account = await this.withdrawals.payoutAccountOf(trx, withdrawal);
    const answer = await this.providerOf(payout.provider).payout({
      merchant,
      reference: withdrawalId.toString(),
      amountMinor: payout.amount_minor,
      currency: payout.currency,
      account: {
        type: account.type,
        provider: account.provider,
        holderName: account.holder_name,
        accountNumber: account.account_number,
      },
    });
    if (!answer.accepted) {
      await repo.updatePayout(trx, withdrawalId, { state: 'failed', failure: answer.reason, settled_at: new Date() });
      await this.settleWithdrawal(trx, merchant, withdrawalId, { paid: false, reason: PAYOUT_FAILED_REASON });
      return;
    }
    await repo.updatePayout(trx, withdrawalId, { state: 'requested', provider_payout_id: answer.providerPayoutId });
    await this.scheduleCheck(trx, merchant, withdrawalId, 0);
  }

  /**
   * Job: a payout the provider took and never reported on is asked about. A result settles it as its callback
   * would (recorded as evidence under the provider's transaction, so a callback arriving later is a duplicate);
   * still in progress, it is asked again later.
   */
  async check({ trx, payload }: JobContext): Promise<void> {
    const merchant = String(payload.merchant);
    const withdrawalId = BigInt(String(payload.withdrawalId));
    const payout = await repo.lockPayout(trx, withdrawalId);
    if (payout?.state !== 'requested') return;
    const found = await this.providerOf(payout.provider).queryPayout(merchant, withdrawalId.toString());
    if (found && found.state !== 'processing') {
      await this.recordQuery(trx, payout, found);
      return;
    }
    await this.scheduleCheck(trx, merchant, withdrawalId, Number(payload.round ?? 0) + 1);
  }

  /**
   * Staff's "check with the provider": the provider's answer about the withdrawal's payout, and, when it settled
   * a payout we still wait for, the settlement (as its callback would). Null when no gateway pays it out.
   */
  async checkNow(
    merchant: string,
    withdrawalId: bigint,
  ): Promise<{ provider: string; payout: ProviderPayout | null; settled: boolean } | null> {
    const known = await repo.selectPayout(this.db, withdrawalId);
    if (!known || known.merchant_code !== merchant) return null;
    const provider = known.provider;
    const found = await this.providerOf(provider).queryPayout(merchant, withdrawalId.toString());
    if (!found || found.state === 'processing') return { provider, payout: found, settled: false };
    const settled = await this.db.transaction().execute(async (trx) => {
      const payout = await repo.lockPayout(trx, withdrawalId);
      if (payout?.state !== 'requested') return false;
      return (await this.recordQuery(trx, payout, found)) !== 'duplicate';
    });
    return { provider, payout: found, settled };
  }

  /**
   * A payout's callback (`GatewayCallbacks`), in its transaction after the event was recorded: settles the
   * withdrawal under the payout's and the withdrawal's row locks. The outcome is the callback's evidence.
   */
  async settleFromCallback(trx: Transaction<Database>, providerId: string, message: CallbackMessage): Promise<CallbackOutcome> {
    const withdrawalId = BigInt(message.reference);
    const payout = await repo.lockPayout(trx, withdrawalId);
    if (
      !payout ||
      payout.provider !== providerId ||
      payout.merchant_code !== message.merchant ||
      (payout.provider_payout_id !== null && payout.provider_payout_id !== message.providerPaymentId)
    ) {
      return 'unknown_payment';
    }
    return this.settleKnown(trx, payout, message.event, message.amountMinor, message.currency, message.providerPaymentId);
  }

  private async settleKnown(
    trx: Transaction<Database>,
    payout: repo.PayoutRow,
    event: CallbackMessage['event'],
    amountMinor: bigint,
    currency: string,
    providerPayoutId: string,
  ): Promise<CallbackOutcome> {
    if (event === 'processing') return 'ignored';
    const open = payout.state === 'requesting' || payout.state === 'requested';
    if (event === 'failed') {
      if (!open) return payout.state === 'paid' ? 'paid_twice' : 'ignored';
      await repo.updatePayout(trx, payout.withdrawal_id, {
        state: 'failed',
        failure: 'provider_failed',
        provider_payout_id: providerPayoutId,
        settled_at: new Date(),
      });
      await this.settleWithdrawal(trx, payout.merchant_code, payout.withdrawal_id, { paid: false, reason: PAYOUT_FAILED_REASON });
      return 'payout_returned';
    }
    if (amountMinor !== payout.amount_minor || currency !== payout.currency) return 'amount_mismatch';
    if (!open) return payout.state === 'paid' ? 'paid_twice' : 'paid_after_failure';
    await repo.updatePayout(trx, payout.withdrawal_id, {
      state: 'paid',
      provider_payout_id: providerPayoutId,
      settled_at: new Date(),
    });
    await this.settleWithdrawal(trx, payout.merchant_code, payout.withdrawal_id, { paid: true });
    return 'paid_out';
  }

  /** A status query's final answer, recorded as the callback it stands for (same event key), then settled. */
  private async recordQuery(
    trx: Transaction<Database>,
    payout: repo.PayoutRow,
    found: ProviderPayout,
  ): Promise<CallbackOutcome | 'duplicate'> {
    const event = found.state === 'paid' ? 'completed' : 'failed';
    const txn = found.providerTxnId ?? '';
    const id = await repo.insertCallback(trx, {
      provider: payout.provider,
      event_key: `${found.providerPayoutId}:${txn}:${event}`,
      event,
      merchant_code: payout.merchant_code,
      order_id: null,
      withdrawal_id: payout.withdrawal_id,
      provider_payment_id: found.providerPayoutId,
      provider_txn_id: txn,
      amount_minor: found.amountMinor,
      currency: found.currency,
      outcome: 'ignored',
      body: JSON.stringify({ query: { ...found, amountMinor: found.amountMinor.toString() } }),
      source_ip: null,
    });
    if (id === null) return 'duplicate';
    const outcome = await this.settleKnown(trx, payout, event, found.amountMinor, found.currency, found.providerPayoutId);
    await repo.setOutcome(trx, id, outcome);
    return outcome;
  }

  private async settleWithdrawal(trx: Transaction<Database>, merchant: string, withdrawalId: bigint, result: PayoutResult) {
    const settings = await settingsIn(trx, merchant);
    await this.withdrawals.settlePayout(trx, merchant, withdrawalId, result, settings.withdrawal.autoReceiptMinutes);
  }

  private async scheduleCheck(trx: Transaction<Database>, merchant: string, withdrawalId: bigint, round: number) {
    const minutes = CHECK_AFTER_MINUTES[round];
    if (minutes === undefined) return;
    await schedule(trx, {
      kind: PAYOUT_CHECK_JOB,
      runAt: new Date(Date.now() + minutes * 60_000),
      payload: { merchant, withdrawalId: withdrawalId.toString(), round },
      dedupeKey: `${PAYOUT_CHECK_JOB}:${withdrawalId}:${round}`,
    });
  }

  private providerOf(id: string): PaymentProvider {
    const provider = this.providers.get(id);
    if (!provider) throw new Error(`payment provider ${id} is not configured`);
    return provider;
  }
}

/**
 * The merchant's settings read through the transaction: on the embedded database the transaction holds the only
 * connection, so a read beside it would wait for ever.
 */
async function settingsIn(trx: Transaction<Database>, merchant: string): Promise<Settings> {
  const settings = await new SiteSettingsService(trx).get(merchant, 0);
  if (!settings) throw new Error(`merchant ${merchant} has no settings`);
  return settings;
}

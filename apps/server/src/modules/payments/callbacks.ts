import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isAllowedAddress } from '../../platform/network-allow-list.js';
import type { Decision, DepositsService } from '../deposits/service.js';
import type { GatewayPayouts } from './payouts.js';
import type { CallbackAnswer, CallbackMessage, PaymentProvider } from './provider.js';
import * as repo from './repo.js';
import type { CallbackOutcome } from './tables.js';

export interface ReceivedCallback {
  answer: CallbackAnswer;
  /** What the callback did; `duplicate` when its event was recorded before. Absent when it was refused. */
  outcome?: CallbackOutcome | 'duplicate';
}

/**
 * Providers' callbacks. Order: the caller's address (when the provider publishes its addresses), the signature
 * on the exact bytes and the freshness (the adapter), then one transaction that records the event (unique per
 * provider transaction and event: a duplicate, on any instance, records nothing and changes nothing) and settles
 * the order under its row lock, which the expiry job also takes. A crash before the commit leaves nothing, and
 * the provider's retry does it all again; every answer but `retry` tells the provider to stop.
 */
export class GatewayCallbacks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deposits: DepositsService,
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
    private readonly payouts: GatewayPayouts,
  ) {}

  has(providerId: string) {
    return this.providers.has(providerId);
  }

  answerOf(providerId: string, answer: CallbackAnswer) {
    const provider = this.providers.get(providerId);
    if (!provider) throw new Error(`no payment provider ${providerId}`);
    return provider.answer(answer);
  }

  /** The recorded callbacks of an order, newest first (the evidence staff and the tests read). */
  ofOrder(orderId: bigint) {
    return repo.selectCallbacks(this.db, { orderId });
  }

  /** What a provider says about a merchant's order's payment right now (staff's check); null when no provider took it. */
  async providerStatus(merchant: string, orderId: bigint) {
    const payment = await repo.selectPaymentOfOrder(this.db, orderId);
    const provider = payment && payment.merchant_code === merchant && this.providers.get(payment.provider);
    if (!payment || !provider) return null;
    return { provider: provider.id, payment: await provider.query(payment.merchant_code, payment.order_id.toString()) };
  }

  async receive(
    providerId: string,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    ip: string,
  ): Promise<ReceivedCallback> {
    const provider = this.providers.get(providerId);
    if (!provider) throw new Error(`no payment provider ${providerId}`);
    if (!isAllowedAddress(provider.endpoint.allow, ip)) return { answer: 'forbidden' };
    const check = provider.readCallback(rawBody, headers);
    if (!check.ok) return { answer: check.refusal };
    const outcome = await this.db.transaction().execute((trx) => this.record(trx, provider, check.message, rawBody, ip));
    return { answer: 'accepted', outcome };
  }

  private async record(
    trx: Transaction<Database>,
    provider: PaymentProvider,
    message: CallbackMessage,
    rawBody: string,
    ip: string,
  ): Promise<CallbackOutcome | 'duplicate'> {
    if (message.kind === 'payout') return this.recordPayout(trx, provider, message, rawBody, ip);
    const payment = await repo.selectPayment(trx, provider.id, message.providerPaymentId);
    const known = payment && String(payment.order_id) === message.reference && payment.merchant_code === message.merchant;
    const id = await repo.insertCallback(trx, {
      provider: provider.id,
      event_key: message.eventKey,
      event: message.event,
      merchant_code: known ? payment.merchant_code : null,
      order_id: known ? payment.order_id : null,
      provider_payment_id: message.providerPaymentId,
      provider_txn_id: message.providerTxnId,
      amount_minor: message.amountMinor,
      currency: message.currency,
      outcome: known ? 'ignored' : 'unknown_payment',
      body: rawBody,
      source_ip: ip,
    });
    if (id === null) return 'duplicate';
    if (!known) return 'unknown_payment';
    const outcome = await this.settle(trx, provider, message, payment);
    await repo.setOutcome(trx, id, outcome);
    return outcome;
  }

  private async recordPayout(
    trx: Transaction<Database>,
    provider: PaymentProvider,
    message: CallbackMessage,
    rawBody: string,
    ip: string,
  ): Promise<CallbackOutcome | 'duplicate'> {
    const payout = await repo.selectPayout(trx, BigInt(message.reference));
    const known = payout && payout.provider === provider.id && payout.merchant_code === message.merchant;
    const id = await repo.insertCallback(trx, {
      provider: provider.id,
      event_key: message.eventKey,
      event: message.event,
      merchant_code: known ? payout.merchant_code : null,
      order_id: null,
      withdrawal_id: known ? payout.withdrawal_id : null,
      provider_payment_id: message.providerPaymentId,
      provider_txn_id: message.providerTxnId,
      amount_minor: message.amountMinor,
      currency: message.currency,
      outcome: known ? 'ignored' : 'unknown_payment',
      body: rawBody,
      source_ip: ip,
    });
    if (id === null) return 'duplicate';
    if (!known) return 'unknown_payment';
    const outcome = await this.payouts.settleFromCallback(trx, provider.id, message);
    await repo.setOutcome(trx, id, outcome);
    return outcome;
  }

  private async settle(
    trx: Transaction<Database>,
    provider: PaymentProvider,
    message: CallbackMessage,
    payment: { order_id: bigint; merchant_code: string; amount_minor: bigint; currency: string },
  ): Promise<CallbackOutcome> {
    const merchant = payment.merchant_code;
    const order = await this.deposits.lockForGateway(trx, merchant, payment.order_id);
    if (!order || message.event === 'processing') return 'ignored';
    const decision: Decision = {
      actor: `gateway:${provider.id}`,
      cause: { type: 'gateway', id: `${provider.id}:${message.providerTxnId}` },
    };
    const open = order.status === 'pending' && order.review === null;
    if (message.event === 'failed') {
      if (!open) return 'ignored';
      await this.deposits.decline(merchant, payment.order_id, 'failed', 'payment_failed', decision, trx);
      return 'failed';
    }
    if (message.amountMinor !== payment.amount_minor || message.currency !== payment.currency) {
      if (open) await this.deposits.holdForReview(trx, payment.order_id, 'amount_mismatch');
      return 'amount_mismatch';
    }
    if (open) {
      await this.deposits.approve(merchant, payment.order_id, decision, trx);
      return 'credited';
    }
    if (order.status === 'expired') return 'late_after_expiry';
    if (order.status === 'approved' || order.status === 'pending') return 'paid_twice';
    return 'paid_after_failure';
  }
}

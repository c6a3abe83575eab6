import type { PayerAction } from '@tessera/contract/api/deposits';
import type { PaymentProviderEndpoint } from '../../platform/config.js';

/**
 * A provider's connection as configured (the README's table): base URL; one or two active secrets, the first
 * signing our requests and any of them accepted on a callback (rotation without downtime); the addresses its
 * callbacks may come from (`any` when the provider publishes none).
 */
export type ProviderEndpoint = PaymentProviderEndpoint;

export interface CreatePaymentInput {
  merchant: string;
  /** Our order id: the provider echoes it in every callback and answers queries by it. */
  reference: string;
  amountMinor: bigint;
  currency: string;
  expiresAt: Date;
  language: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  action: PayerAction;
}

export type ProviderEvent = 'processing' | 'completed' | 'failed';

export interface PayoutInput {
  merchant: string;
  /** Our withdrawal id: the provider echoes it in every payout callback and answers queries by it. */
  reference: string;
  amountMinor: bigint;
  currency: string;
  account: { type: 'bank' | 'ewallet'; provider: string; holderName: string; accountNumber: string };
}

/** The provider's answer to a payout request: it took it (and will call back), or refused it for good. */
export type PayoutRequestAnswer = { accepted: true; providerPayoutId: string } | { accepted: false; reason: string };

/** A callback after its signature and format were checked, in our words. */
export interface CallbackMessage {
  /** A deposit's payment, or a withdrawal's payout (then `reference` is the withdrawal id, `providerPaymentId` the payout's). */
  kind: 'payment' | 'payout';
  event: ProviderEvent;
  merchant: string;
  reference: string;
  providerPaymentId: string;
  providerTxnId: string;
  amountMinor: bigint;
  currency: string;
  /** Unique per provider for one event of one transaction: the idempotency key of callbacks. */
  eventKey: string;
}

export type CallbackRefusal = 'signature' | 'stale' | 'malformed';
export type CallbackCheck = { ok: true; message: CallbackMessage } | { ok: false; refusal: CallbackRefusal };

/** What the provider says about a payment when asked. */
export interface ProviderPayment {
  state: 'created' | 'paid' | 'failed' | 'expired';
  amountMinor: bigint;
  currency: string;
  providerTxnId: string | null;
}

/** What a provider says about a payout when asked. */
export interface ProviderPayout {
  state: 'processing' | 'paid' | 'failed';
  providerPayoutId: string;
  amountMinor: bigint;
  currency: string;
  providerTxnId: string | null;
}

/** One line of a provider's daily statement: money it says moved, with our reference as it knows it. */
export interface StatementLine {
  kind: 'payment' | 'payout';
  providerId: string;
  reference: string;
  providerTxnId: string;
  amountMinor: bigint;
  currency: string;
  at: Date;
}

/** How we answer a callback, in the provider's format. `retry`: we could not record it now; send it again. */
export type CallbackAnswer = 'accepted' | CallbackRefusal | 'forbidden' | 'retry';

/**
 * A payment provider's adapter. A new provider implements this and passes the conformance suite
 * (test/conformance/gateway-conformance.ts) against a stand-in of its protocol; the rest (orders, expiry,
 * idempotency, evidence) is the module's and the same for every provider.
 */
export interface PaymentProvider {
  readonly id: string;
  readonly name: string;
  readonly endpoint: ProviderEndpoint;
  /** Creates the payment (idempotent by reference) and says what the payer does; throws when the provider refuses or is unreachable. */
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Verifies the signature over the exact bytes received (any active secret), then the freshness and the format. */
  readCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): CallbackCheck;
  /** The provider's view of a payment, by our reference; null when it knows none. */
  query(merchant: string, reference: string): Promise<ProviderPayment | null>;
  answer(answer: CallbackAnswer): { status: number; body: Record<string, unknown> };
  /**
   * Asks the provider to pay a withdrawal out (idempotent by reference: a repeat answers the same payout). Throws
   * when the provider is unreachable or answers neither yes nor a final no: the request is sent again later.
   */
  payout(input: PayoutInput): Promise<PayoutRequestAnswer>;
  /** The provider's view of a payout, by our reference; null when it knows none. */
  queryPayout(merchant: string, reference: string): Promise<ProviderPayout | null>;
  /** The provider's statement of one UTC day (`YYYY-MM-DD`): every payment and payout it paid. */
  statement(merchant: string, date: string): Promise<StatementLine[]>;
}

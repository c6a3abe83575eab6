import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import type {
  CallbackAnswer,
  CallbackCheck,
  CreatedPayment,
  CreatePaymentInput,
  PaymentProvider,
  PayoutInput,
  PayoutRequestAnswer,
  ProviderEndpoint,
  ProviderPayment,
  ProviderPayout,
  StatementLine,
} from '../provider.js';
import { hmacHex, isFresh, signedByAny } from '../signatures.js';

export const TESTPSP = 'testpsp';
const SIGNATURE_HEADER = 'x-testpsp-signature';
const CALL_TIMEOUT_MS = 10_000;

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9:_-]+$' });
const Callback = Type.Object({
  event: Type.Union([Type.Literal('payment.processing'), Type.Literal('payment.completed'), Type.Literal('payment.failed')]),
  merchantId: Type.String({ pattern: '^[A-Za-z0-9_]{2,32}$' }),
  paymentId: Id,
  reference: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }),
  trxId: Id,
  amount: Type.String({ pattern: '^[0-9]{1,18}$' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  timestamp: Type.Integer(),
  notificationId: Type.String({ maxLength: 64 }),
});
type Callback = Static<typeof Callback>;
const PayoutCallback = Type.Object({
  event: Type.Union([Type.Literal('payout.processing'), Type.Literal('payout.completed'), Type.Literal('payout.failed')]),
  merchantId: Type.String({ pattern: '^[A-Za-z0-9_]{2,32}$' }),
  payoutId: Id,
  reference: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }),
  trxId: Id,
  amount: Type.String({ pattern: '^[0-9]{1,18}$' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  timestamp: Type.Integer(),
  notificationId: Type.String({ maxLength: 64 }),
});
type PayoutCallback = Static<typeof PayoutCallback>;

const Payment = Type.Object({
  state: Type.Union([Type.Literal('created'), Type.Literal('paid'), Type.Literal('failed'), Type.Literal('expired')]),
  amount: Type.String({ pattern: '^[0-9]{1,18}$' }),
  currency: Type.String(),
  trxId: Type.Union([Type.String(), Type.Null()]),
});

const Payout = Type.Object({
  payoutId: Id,
  state: Type.Union([Type.Literal('processing'), Type.Literal('paid'), Type.Literal('failed')]),
  amount: Type.String({ pattern: '^[0-9]{1,18}$' }),
  currency: Type.String(),
  trxId: Type.Union([Type.String(), Type.Null()]),
});

const StatementEntries = Type.Array(
  Type.Object({
    type: Type.Union([Type.Literal('payment'), Type.Literal('payout')]),
    id: Id,
    reference: Type.String({ maxLength: 64 }),
    trxId: Type.String({ maxLength: 64 }),
    amount: Type.String({ pattern: '^-?[0-9]{1,18}$' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    paidAt: Type.Integer(),
  }),
  { maxItems: 100_000 },
);

const EVENTS = {
  'payment.processing': 'processing',
  'payment.completed': 'completed',
  'payment.failed': 'failed',
  'payout.processing': 'processing',
  'payout.completed': 'completed',
  'payout.failed': 'failed',
} as const;

/**
 * TESTPSP (apps/test-psp), the stand-in mobile-wallet provider: signed JSON both ways (hex HMAC-SHA256 of the
 * exact body in `X-TestPsp-Signature`, a `timestamp` inside the body), a hosted page to redirect the payer to,
 * and callbacks retried until we answer 200.
 */
export function testPspProvider(endpoint: ProviderEndpoint): PaymentProvider {
  const origin = new URL(endpoint.url).origin;

  async function call(path: string, fields: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
    const raw = JSON.stringify({ ...fields, timestamp: Math.floor(Date.now() / 1000) });
    const response = await fetch(`${endpoint.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: hmacHex(endpoint.secrets[0] ?? '', raw) },
      body: raw,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  }

  return {
    id: TESTPSP,
    name: 'TestPay wallet (stand-in)',
    endpoint,

    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const { status, body } = await call('/api/payments', {
        merchantId: input.merchant,
        reference: input.reference,
        amount: input.amountMinor.toString(),
        currency: input.currency,
        expiresAt: Math.floor(input.expiresAt.getTime() / 1000),
        language: input.language,
      });
      const url = typeof body.redirectUrl === 'string' ? body.redirectUrl : '';
      // The page the player is sent to must be the provider's own: an answer naming another site is refused.
      if (status !== 200 || body.status !== 'OK' || typeof body.paymentId !== 'string' || !url.startsWith(`${origin}/`)) {
        throw new Error(`TESTPSP refused the payment: HTTP ${status} ${String(body.status)}`);
      }
      return { providerPaymentId: body.paymentId, action: { kind: 'redirect', url } };
    },

    readCallback(rawBody, headers): CallbackCheck {
      const signature = headers[SIGNATURE_HEADER];
      if (!signedByAny(endpoint.secrets, rawBody, typeof signature === 'string' ? signature : undefined)) {
        return { ok: false, refusal: 'signature' };
      }
      let body: Callback | PayoutCallback;
      try {
        const parsed: unknown = JSON.parse(rawBody);
        if (!Value.Check(Callback, parsed) && !Value.Check(PayoutCallback, parsed)) return { ok: false, refusal: 'malformed' };
        body = parsed;
      } catch {
        return { ok: false, refusal: 'malformed' };
      }
      if (!isFresh(body.timestamp)) return { ok: false, refusal: 'stale' };
      const event = EVENTS[body.event];
      const id = 'payoutId' in body ? body.payoutId : body.paymentId;
      return {
        ok: true,
        message: {
          kind: 'payoutId' in body ? 'payout' : 'payment',
          event,
          merchant: body.merchantId,
          reference: body.reference,
          providerPaymentId: id,
          providerTxnId: body.trxId,
          amountMinor: BigInt(body.amount),
          currency: body.currency,
          eventKey: `${id}:${body.trxId}:${event}`,
        },
      };
    },

    async query(merchant, reference): Promise<ProviderPayment | null> {
      const { status, body } = await call('/api/payments/query', { merchantId: merchant, reference });
      if (status === 404) return null;
      const payment = body.payment;
      if (status !== 200 || !Value.Check(Payment, payment)) throw new Error(`TESTPSP query failed: HTTP ${status}`);
      return {
        state: payment.state,
        amountMinor: BigInt(payment.amount),
        currency: payment.currency,
        providerTxnId: payment.trxId,
      };
    },

    async payout(input: PayoutInput): Promise<PayoutRequestAnswer> {
      const { status, body } = await call('/api/payouts', {
        merchantId: input.merchant,
        reference: input.reference,
        amount: input.amountMinor.toString(),
        currency: input.currency,
        accountType: input.account.type,
        accountNumber: input.account.accountNumber,
        holderName: input.account.holderName,
      });
      if (status === 200 && body.status === 'OK' && typeof body.payoutId === 'string') {
        return { accepted: true, providerPayoutId: body.payoutId };
      }
      // A 4xx is the provider's final word (bad account, bad request); anything else may pass: ask again later.
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        return { accepted: false, reason: String(body.status ?? `HTTP ${status}`).slice(0, 100) };
      }
      throw new Error(`TESTPSP payout not taken: HTTP ${status} ${String(body.status)}`);
    },

    async queryPayout(merchant, reference): Promise<ProviderPayout | null> {
      const { status, body } = await call('/api/payouts/query', { merchantId: merchant, reference });
      if (status === 404) return null;
      const payout = body.payout;
      if (status !== 200 || !Value.Check(Payout, payout)) throw new Error(`TESTPSP payout query failed: HTTP ${status}`);
      return {
        state: payout.state,
        providerPayoutId: payout.payoutId,
        amountMinor: BigInt(payout.amount),
        currency: payout.currency,
        providerTxnId: payout.trxId,
      };
    },

    async statement(merchant, date): Promise<StatementLine[]> {
      const { status, body } = await call('/api/statement', { merchantId: merchant, date });
      if (status !== 200 || !Value.Check(StatementEntries, body.entries))
        throw new Error(`TESTPSP statement failed: HTTP ${status}`);
      return body.entries.map((entry) => ({
        kind: entry.type,
        providerId: entry.id,
        reference: entry.reference,
        providerTxnId: entry.trxId,
        amountMinor: BigInt(entry.amount),
        currency: entry.currency,
        at: new Date(entry.paidAt),
      }));
    },

    answer(answer: CallbackAnswer) {
      switch (answer) {
        case 'accepted':
          return { status: 200, body: { status: 'OK' } };
        case 'signature':
        case 'stale':
          return { status: 401, body: { status: 'INVALID_SIGNATURE' } };
        case 'malformed':
          return { status: 400, body: { status: 'INVALID_REQUEST' } };
        case 'forbidden':
          return { status: 403, body: { status: 'FORBIDDEN' } };
        case 'retry':
          return { status: 500, body: { status: 'RETRY' } };
      }
    },
  };
}

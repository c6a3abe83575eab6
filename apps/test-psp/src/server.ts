import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createStandInServer, type Json, parseJson, send, sendHtml } from '@tessera/stand-in/http-server';
import { type CallbackEvent, Notifier } from './notifier.js';
import { isLanguage, type Language, type PageView, renderPayPage } from './pay-page.js';
import { isSigned, signedHeaders } from './signing.js';

export interface TestPspOptions {
  /** Accepted on the merchant's requests; the first signs our callbacks. Two during a rotation. */
  secrets: string[];
  host?: string;
  port?: number;
  /** Where callbacks go for merchants not registered through /control/merchants. */
  defaultCallbackUrl?: string;
  /** Waits between callback retries (the count is the number of retries). */
  retryDelaysMs?: number[];
}

type State = PageView['state'];

interface Payment {
  paymentId: string;
  merchantId: string;
  reference: string;
  amount: bigint;
  currency: string;
  expiresAt: number;
  language: Language;
  state: State;
  trxId: string | null;
  /** When it was paid, and what the payer really paid (the statement's figures). */
  paidAt: number | null;
  paidAmount: bigint | null;
}

/** A withdrawal the merchant asked the provider to pay out: `processing` until it pays or fails, on its own. */
interface Payout {
  payoutId: string;
  merchantId: string;
  reference: string;
  amount: bigint;
  currency: string;
  accountType: 'bank' | 'ewallet';
  accountNumber: string;
  holderName: string;
  state: 'processing' | 'paid' | 'failed';
  trxId: string;
  paidAt: number | null;
  paidAmount: bigint | null;
}

/** One line of the provider's daily statement: money that moved, as the provider's books say. */
interface StatementEntry {
  type: 'payment' | 'payout';
  id: string;
  reference: string;
  trxId: string;
  amount: string;
  currency: string;
  paidAt: number;
}

/** Switches that make the provider misbehave, until changed again (POST /control/behaviour). */
interface Behaviour {
  /** Every API answer and every callback waits this long first. */
  slowMs: number;
  /** Each callback is sent this many extra times at once. */
  duplicates: number;
  /** `payment.completed` goes out before `payment.processing`. */
  outOfOrder: boolean;
  /** Added to the amount the callback reports (the payer paid, or the payee got, another amount than asked). */
  amountDeltaMinor: bigint;
  /** A confirmed payment, or a payout, fails instead of completing. */
  fail: boolean;
  /** Creating a payment or a payout answers HTTP 500 (the provider is down). */
  refuseCreate: boolean;
  /** Callbacks wait until POST /control/release: a delivery delayed for as long as a test needs. */
  hold: boolean;
}

const NORMAL: Behaviour = {
  slowMs: 0,
  duplicates: 0,
  outOfOrder: false,
  amountDeltaMinor: 0n,
  fail: false,
  refuseCreate: false,
  hold: false,
};

interface HeldCallback {
  url: string;
  secret: string;
  paymentId: string;
  event: CallbackEvent;
  body: string;
  copies: number;
}
const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000, 120_000];

/**
 * TESTPSP, a stand-in mobile-wallet payment provider (a test double for a party we cannot run here, speaking a
 * realistic protocol): the merchant creates a payment, the payer confirms it on the hosted page, the provider
 * sends signed callbacks (processing, then completed or failed) and answers status queries. Never real money.
 */
export function createTestPsp(options: TestPspOptions) {
  let secrets = [...options.secrets];
  const callbackUrls = new Map<string, string>();
  const payments = new Map<string, Payment>();
  const byReference = new Map<string, string>();
  const payouts = new Map<string, Payout>();
  const payoutByReference = new Map<string, string>();
  let behaviour: Behaviour = { ...NORMAL };
  const held: HeldCallback[] = [];
  /** Lines the provider's books hold beyond our own payments (POST /control/statement-entry): unknown money. */
  const extraEntries: (StatementEntry & { merchantId: string })[] = [];
  const notifier = new Notifier(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS);

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const slow = () => (behaviour.slowMs > 0 ? new Promise((resolve) => setTimeout(resolve, behaviour.slowMs)) : undefined);
  const callbackUrlOf = (merchantId: string) => callbackUrls.get(merchantId) ?? options.defaultCallbackUrl;
  const signedByMerchant = (request: IncomingMessage, raw: string) =>
    secrets.some((secret) => isSigned(secret, request.headers, raw));

  /** Unpaid past its time: expired for good, as the provider's own clock says. */
  const current = (payment: Payment) => {
    if (payment.state === 'created' && nowSeconds() > payment.expiresAt) payment.state = 'expired';
    return payment;
  };

  const publicView = (payment: Payment) => ({
    paymentId: payment.paymentId,
    reference: payment.reference,
    state: payment.state,
    amount: payment.amount.toString(),
    currency: payment.currency,
    trxId: payment.trxId,
    expiresAt: payment.expiresAt,
  });

  function callbackFields(payment: Payment, event: CallbackEvent) {
    return {
      event,
      merchantId: payment.merchantId,
      paymentId: payment.paymentId,
      reference: payment.reference,
      trxId: payment.trxId ?? '',
      amount: (payment.amount + behaviour.amountDeltaMinor).toString(),
      currency: payment.currency,
    };
  }

  /** The payer confirmed (or cancelled): settle the payment and tell the merchant, in the background. */
  function settle(payment: Payment, outcome: 'confirm' | 'cancel') {
    if (current(payment).state !== 'created') return;
    payment.trxId = `TP${randomBytes(6).toString('hex').toUpperCase()}`;
    const failed = outcome === 'cancel' || behaviour.fail;
    payment.state = failed ? 'failed' : 'paid';
    if (!failed) {
      payment.paidAt = Date.now();
      payment.paidAmount = payment.amount + behaviour.amountDeltaMinor;
    }
    const events: CallbackEvent[] = failed
      ? ['payment.failed']
      : behaviour.outOfOrder
        ? ['payment.completed', 'payment.processing']
        : ['payment.processing', 'payment.completed'];
    const url = callbackUrlOf(payment.merchantId);
    if (!url) return;
    const copies = 1 + behaviour.duplicates;
    const callbacks = events.map((event) => ({
      url,
      secret: secrets[0] ?? '',
      paymentId: payment.paymentId,
      event,
      body: notifier.body(callbackFields(payment, event)),
      copies,
    }));
    deliver(callbacks);
  }

  /** Sends the callbacks in order after the `slowMs` wait, or keeps them back while `hold` is on. */
  function deliver(callbacks: HeldCallback[]) {
    if (behaviour.hold) {
      held.push(...callbacks);
      return;
    }
    void notifier.track(
      (async () => {
        await slow();
        await deliverInOrder(callbacks);
      })(),
    );
  }

  function payoutFields(payout: Payout, event: CallbackEvent) {
    return {
      event,
      merchantId: payout.merchantId,
      payoutId: payout.payoutId,
      reference: payout.reference,
      trxId: payout.trxId,
      amount: (payout.amount + behaviour.amountDeltaMinor).toString(),
      currency: payout.currency,
    };
  }

  /** The provider pays (or fails to pay) the payee at once and tells the merchant: processing, then the result. */
  function runPayout(payout: Payout) {
    payout.state = behaviour.fail ? 'failed' : 'paid';
    if (payout.state === 'paid') {
      payout.paidAt = Date.now();
      payout.paidAmount = payout.amount + behaviour.amountDeltaMinor;
    }
    const last: CallbackEvent = payout.state === 'paid' ? 'payout.completed' : 'payout.failed';
    const events: CallbackEvent[] = behaviour.outOfOrder ? [last, 'payout.processing'] : ['payout.processing', last];
    const url = callbackUrlOf(payout.merchantId);
    if (!url) return;
    deliver(
      events.map((event) => ({
        url,
        secret: secrets[0] ?? '',
        paymentId: payout.payoutId,
        event,
        body: notifier.body(payoutFields(payout, event)),
        copies: 1 + behaviour.duplicates,
      })),
    );
  }

  const payoutView = (payout: Payout) => ({
    payoutId: payout.payoutId,
    reference: payout.reference,
    state: payout.state,
    amount: payout.amount.toString(),
    currency: payout.currency,
    trxId: payout.trxId,
  });

  function createPayout(body: Json): { status: number; answer: Json } {
    if (behaviour.refuseCreate) return { status: 500, answer: { status: 'INTERNAL_ERROR' } };
    const merchantId = String(body.merchantId ?? '');
    const reference = String(body.reference ?? '');
    const amount = typeof body.amount === 'string' && /^[1-9][0-9]{0,17}$/.test(body.amount) ? BigInt(body.amount) : null;
    const currency = String(body.currency ?? '');
    const accountType = body.accountType;
    const accountNumber = String(body.accountNumber ?? '');
    const holderName = String(body.holderName ?? '');
    if (!/^[A-Za-z0-9_]{2,32}$/.test(merchantId) || !/^[A-Za-z0-9:_-]{1,64}$/.test(reference) || amount === null) {
      return { status: 400, answer: { status: 'INVALID_REQUEST' } };
    }
    if (!/^[A-Z]{3}$/.test(currency) || (accountType !== 'bank' && accountType !== 'ewallet')) {
      return { status: 400, answer: { status: 'INVALID_REQUEST' } };
    }
    // The payee's wallet or bank account must look like one: a number the provider could pay to.
    if (!/^[0-9]{6,30}$/.test(accountNumber) || holderName.trim().length === 0 || holderName.length > 100) {
      return { status: 422, answer: { status: 'ACCOUNT_INVALID' } };
    }
    const known = payouts.get(payoutByReference.get(`${merchantId}:${reference}`) ?? '');
    if (known) {
      if (known.amount !== amount || known.currency !== currency)
        return { status: 409, answer: { status: 'DUPLICATE_REFERENCE' } };
      return { status: 200, answer: { status: 'OK', payoutId: known.payoutId, state: known.state } };
    }
    const payout: Payout = {
      payoutId: `PO${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`,
      merchantId,
      reference,
      amount,
      currency,
      accountType,
      accountNumber,
      holderName,
      state: 'processing',
      trxId: `TP${randomBytes(6).toString('hex').toUpperCase()}`,
      paidAt: null,
      paidAmount: null,
    };
    payouts.set(payout.payoutId, payout);
    payoutByReference.set(`${merchantId}:${reference}`, payout.payoutId);
    // Answered first, paid after: the merchant learns the result from the callbacks (or a status query).
    setImmediate(() => runPayout(payout));
    return { status: 200, answer: { status: 'OK', payoutId: payout.payoutId, state: 'processing' } };
  }

  /** Every payment and payout paid on `date` (UTC), as the provider's books say. */
  function statement(body: Json): { status: number; answer: Json } {
    const merchantId = String(body.merchantId ?? '');
    const date = String(body.date ?? '');
    if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(date)) return { status: 400, answer: { status: 'INVALID_REQUEST' } };
    const onDate = (paidAt: number | null) => paidAt !== null && new Date(paidAt).toISOString().slice(0, 10) === date;
    const entries: StatementEntry[] = [];
    for (const payment of payments.values()) {
      if (payment.merchantId !== merchantId || !onDate(payment.paidAt)) continue;
      entries.push({
        type: 'payment',
        id: payment.paymentId,
        reference: payment.reference,
        trxId: payment.trxId ?? '',
        amount: String(payment.paidAmount),
        currency: payment.currency,
        paidAt: payment.paidAt ?? 0,
      });
    }
    for (const payout of payouts.values()) {
      if (payout.merchantId !== merchantId || !onDate(payout.paidAt)) continue;
      entries.push({
        type: 'payout',
        id: payout.payoutId,
        reference: payout.reference,
        trxId: payout.trxId,
        amount: String(payout.paidAmount),
        currency: payout.currency,
        paidAt: payout.paidAt ?? 0,
      });
    }
    for (const { merchantId: owner, ...entry } of extraEntries) {
      if (owner === merchantId && onDate(entry.paidAt)) entries.push(entry);
    }
    return { status: 200, answer: { status: 'OK', date, entries } };
  }

  function queryPayout(body: Json): { status: number; answer: Json } {
    const merchantId = String(body.merchantId ?? '');
    const id =
      typeof body.payoutId === 'string' ? body.payoutId : payoutByReference.get(`${merchantId}:${String(body.reference)}`);
    const payout = payouts.get(id ?? '');
    if (!payout || payout.merchantId !== merchantId) return { status: 404, answer: { status: 'NOT_FOUND' } };
    return { status: 200, answer: { status: 'OK', payout: payoutView(payout) } };
  }

  async function deliverInOrder(callbacks: HeldCallback[]) {
    for (const callback of callbacks) {
      await notifier.deliver(callback.url, callback.secret, callback.paymentId, callback.event, callback.body, callback.copies);
    }
  }

  function createPayment(body: Json): { status: number; answer: Json } {
    if (behaviour.refuseCreate) return { status: 500, answer: { status: 'INTERNAL_ERROR' } };
    const merchantId = String(body.merchantId ?? '');
    const reference = String(body.reference ?? '');
    const amount = typeof body.amount === 'string' && /^[1-9][0-9]{0,17}$/.test(body.amount) ? BigInt(body.amount) : null;
    const currency = String(body.currency ?? '');
    const expiresAt = Number(body.expiresAt);
    const language = String(body.language ?? 'en');
    if (!/^[A-Za-z0-9_]{2,32}$/.test(merchantId) || !/^[A-Za-z0-9:_-]{1,64}$/.test(reference) || amount === null) {
      return { status: 400, answer: { status: 'INVALID_REQUEST' } };
    }
    if (!/^[A-Z]{3}$/.test(currency) || !Number.isInteger(expiresAt) || expiresAt <= nowSeconds()) {
      return { status: 400, answer: { status: 'INVALID_REQUEST' } };
    }
    const known = payments.get(byReference.get(`${merchantId}:${reference}`) ?? '');
    if (known) {
      if (known.amount !== amount || known.currency !== currency)
        return { status: 409, answer: { status: 'DUPLICATE_REFERENCE' } };
      return { status: 200, answer: { status: 'OK', paymentId: known.paymentId, redirectUrl: payUrl(known.paymentId) } };
    }
    const payment: Payment = {
      paymentId: `PAY${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`,
      merchantId,
      reference,
      amount,
      currency,
      expiresAt,
      language: isLanguage(language) ? language : 'en',
      state: 'created',
      trxId: null,
      paidAt: null,
      paidAmount: null,
    };
    payments.set(payment.paymentId, payment);
    byReference.set(`${merchantId}:${reference}`, payment.paymentId);
    return { status: 200, answer: { status: 'OK', paymentId: payment.paymentId, redirectUrl: payUrl(payment.paymentId) } };
  }

  function queryPayment(body: Json): { status: number; answer: Json } {
    const merchantId = String(body.merchantId ?? '');
    const id = typeof body.paymentId === 'string' ? body.paymentId : byReference.get(`${merchantId}:${String(body.reference)}`);
    const payment = payments.get(id ?? '');
    if (!payment || payment.merchantId !== merchantId) return { status: 404, answer: { status: 'NOT_FOUND' } };
    return { status: 200, answer: { status: 'OK', payment: publicView(current(payment)) } };
  }

  async function route(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', 'http://testpsp');
    const path = `${request.method} ${url.pathname}`;
    if (path === 'GET /health') return send(response, 200, { status: 'OK' });
    const page = /^\/pay\/([A-Z0-9]{1,40})(\/confirm|\/cancel)?$/.exec(url.pathname);
    if (page) {
      const payment = payments.get(page[1] ?? '');
      if (!payment)
        return sendHtml(response, 404, '<!doctype html><html lang="en"><title>Not found</title><p>No such payment.</p></html>');
      let invalid = false;
      if (request.method === 'POST' && page[2] === '/confirm') {
        const form = new URLSearchParams(raw);
        invalid = !/^[0-9]{11}$/.test(form.get('wallet') ?? '') || !/^[0-9]{4,6}$/.test(form.get('pin') ?? '');
        if (!invalid) settle(payment, 'confirm');
      } else if (request.method === 'POST' && page[2] === '/cancel') settle(payment, 'cancel');
      else if (request.method !== 'GET' || page[2]) return send(response, 405, { status: 'METHOD_NOT_ALLOWED' });
      return sendHtml(response, 200, renderPayPage({ ...current(payment), invalid }));
    }
    if (url.pathname.startsWith('/control/')) return control(request, url, raw, response);
    if (url.pathname.startsWith('/api/')) {
      await slow();
      if (!signedByMerchant(request, raw)) return send(response, 401, { status: 'INVALID_SIGNATURE' });
      const body = parseJson(raw);
      if (!body) return send(response, 400, { status: 'INVALID_REQUEST' });
      const api: Record<string, (body: Json) => { status: number; answer: Json }> = {
        'POST /api/payments': createPayment,
        'POST /api/payments/query': queryPayment,
        'POST /api/payouts': createPayout,
        'POST /api/payouts/query': queryPayout,
        'POST /api/statement': statement,
      };
      const result = api[path]?.(body) ?? null;
      if (!result) return send(response, 404, { status: 'NOT_FOUND' });
      return send(response, result.status, result.answer);
    }
    return send(response, 404, { status: 'NOT_FOUND' });
  }

  /** Test and demo controls, unsigned: bind the stand-in to loopback. */
  async function control(request: IncomingMessage, url: URL, raw: string, response: ServerResponse) {
    if (request.method === 'GET' && url.pathname === '/control/sent') {
      const paymentId = url.searchParams.get('paymentId');
      return send(response, 200, { sent: notifier.sent.filter((entry) => !paymentId || entry.paymentId === paymentId) });
    }
    if (request.method === 'GET' && url.pathname === '/control/payment') {
      const payment = payments.get(
        byReference.get(`${url.searchParams.get('merchantId')}:${url.searchParams.get('reference')}`) ?? '',
      );
      return payment
        ? send(response, 200, { payment: publicView(current(payment)) })
        : send(response, 404, { status: 'NOT_FOUND' });
    }
    if (request.method === 'GET' && url.pathname === '/control/payout') {
      const payout = payouts.get(
        payoutByReference.get(`${url.searchParams.get('merchantId')}:${url.searchParams.get('reference')}`) ?? '',
      );
      return payout ? send(response, 200, { payout: payoutView(payout) }) : send(response, 404, { status: 'NOT_FOUND' });
    }
    const body = parseJson(raw);
    if (request.method !== 'POST' || !body) return send(response, 400, { status: 'INVALID_REQUEST' });
    switch (url.pathname) {
      case '/control/merchants':
        callbackUrls.set(String(body.merchantId), String(body.callbackUrl));
        return send(response, 200, { status: 'OK' });
      case '/control/behaviour':
        behaviour = {
          slowMs: Number(body.slowMs ?? 0),
          duplicates: Number(body.duplicates ?? 0),
          outOfOrder: body.outOfOrder === true,
          amountDeltaMinor: BigInt(String(body.amountDeltaMinor ?? '0')),
          fail: body.fail === true,
          refuseCreate: body.refuseCreate === true,
          hold: body.hold === true,
        };
        return send(response, 200, { status: 'OK' });
      case '/control/held':
        // The held callbacks as they would go out: exact bytes and signature headers, not sent.
        return send(response, 200, {
          held: held.map((callback) => ({
            paymentId: callback.paymentId,
            event: callback.event,
            body: callback.body,
            headers: signedHeaders(callback.secret, callback.body),
          })),
        });
      case '/control/release':
        await deliverInOrder(held.splice(0, held.length));
        return send(response, 200, { status: 'OK' });
      case '/control/secrets':
        secrets = (body.secrets as unknown[]).map(String);
        return send(response, 200, { status: 'OK' });
      case '/control/pay': {
        const payment = payments.get(String(body.paymentId));
        if (!payment) return send(response, 404, { status: 'NOT_FOUND' });
        settle(payment, body.outcome === 'cancel' ? 'cancel' : 'confirm');
        return send(response, 200, { status: 'OK', payment: publicView(payment) });
      }
      case '/control/replay': {
        // A completed callback as an eavesdropper captured it `ageSeconds` ago: signed, but old.
        const payment = payments.get(String(body.paymentId));
        const target = payment && callbackUrlOf(payment.merchantId);
        if (!payment || !target || payment.state !== 'paid') return send(response, 404, { status: 'NOT_FOUND' });
        const rawReplay = notifier.body(
          callbackFields(payment, 'payment.completed'),
          nowSeconds() - Number(body.ageSeconds ?? 900),
        );
        const httpStatus = await notifier.once(
          target,
          signedHeaders(secrets[0] ?? '', rawReplay),
          payment.paymentId,
          'payment.completed',
          rawReplay,
        );
        return send(response, 200, { status: 'OK', httpStatus });
      }
      case '/control/statement-entry': {
        // Money the provider's books hold that the merchant never asked for (another merchant's, or a mistake).
        const entry = {
          merchantId: String(body.merchantId),
          type: body.type === 'payout' ? ('payout' as const) : ('payment' as const),
          id: `PAY${randomBytes(10).toString('hex').toUpperCase()}`,
          reference: String(body.reference ?? ''),
          trxId: `TP${randomBytes(6).toString('hex').toUpperCase()}`,
          amount: String(body.amount ?? '0'),
          currency: String(body.currency ?? 'BDT'),
          paidAt: Date.now(),
        };
        extraEntries.push(entry);
        return send(response, 200, { status: 'OK', entry });
      }
      case '/control/idle':
        await notifier.idle();
        return send(response, 200, { status: 'OK' });
      default:
        return send(response, 404, { status: 'NOT_FOUND' });
    }
  }

  const server = createStandInServer(options, route);
  const baseUrl = server.baseUrl;
  const payUrl = (paymentId: string) => `${baseUrl()}/pay/${paymentId}`;
  return { listen: server.listen, close: server.close };
}

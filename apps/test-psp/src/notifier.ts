import { randomUUID } from 'node:crypto';
import { signedHeaders } from './signing.js';

export type CallbackEvent =
  | 'payment.processing'
  | 'payment.completed'
  | 'payment.failed'
  | 'payout.processing'
  | 'payout.completed'
  | 'payout.failed';

/** A callback's fields but its `timestamp` and `notificationId` (`paymentId` or `payoutId` first among them). */
export type CallbackFields = { event: CallbackEvent } & Record<string, string>;

/** One callback delivery as it went out, kept for tests (the exact bytes and headers) and for the demo's log. */
export interface SentCallback {
  /** The payment's or payout's id. */
  paymentId: string;
  event: CallbackEvent;
  url: string;
  body: string;
  headers: Record<string, string>;
  attempt: number;
  /** 0: no answer (network error or time-out). */
  httpStatus: number;
}

const TIMEOUT_MS = 5000;
const MAX_SENT = 2000;

/**
 * Delivers signed callbacks the way mobile-wallet gateways do: POST the JSON, and until the merchant answers
 * HTTP 200 retry the same body (same notificationId, same signature) after each delay of the schedule. A 4xx
 * other than 408/429 is final, as is running out of the schedule.
 */
export class Notifier {
  readonly sent: SentCallback[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly retryDelaysMs: readonly number[]) {}

  body(fields: CallbackFields, timestampSeconds = Math.floor(Date.now() / 1000)): string {
    return JSON.stringify({ ...fields, timestamp: timestampSeconds, notificationId: randomUUID() });
  }

  /** Sends `copies` identical deliveries at once, each retried on its own; resolves when all have ended. */
  deliver(url: string, secret: string, paymentId: string, event: CallbackEvent, raw: string, copies = 1): Promise<number[]> {
    const headers = signedHeaders(secret, raw);
    return this.track(Promise.all(Array.from({ length: copies }, () => this.withRetries(url, headers, paymentId, event, raw))));
  }

  /** Counts `work` as in flight until it ends (idle() waits for it). */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /** Sends once, no retry: what a replayed capture is. */
  async once(
    url: string,
    headers: Record<string, string>,
    paymentId: string,
    event: CallbackEvent,
    raw: string,
  ): Promise<number> {
    return this.attempt(url, headers, paymentId, event, raw, 1);
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async withRetries(url: string, headers: Record<string, string>, paymentId: string, event: CallbackEvent, raw: string) {
    let status = 0;
    for (let attempt = 1; attempt <= this.retryDelaysMs.length + 1; attempt += 1) {
      status = await this.attempt(url, headers, paymentId, event, raw, attempt);
      if (status === 200 || (status >= 400 && status < 500 && status !== 408 && status !== 429)) return status;
      const delay = this.retryDelaysMs[attempt - 1];
      if (delay === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    return status;
  }

  private async attempt(
    url: string,
    headers: Record<string, string>,
    paymentId: string,
    event: CallbackEvent,
    raw: string,
    attempt: number,
  ): Promise<number> {
    let httpStatus = 0;
    try {
      const response = await fetch(url, { method: 'POST', headers, body: raw, signal: AbortSignal.timeout(TIMEOUT_MS) });
      httpStatus = response.status;
      await response.arrayBuffer();
    } catch {
      httpStatus = 0;
    }
    this.sent.push({ paymentId, event, url, body: raw, headers, attempt, httpStatus });
    if (this.sent.length > MAX_SENT) this.sent.splice(0, this.sent.length - MAX_SENT);
    return httpStatus;
  }
}

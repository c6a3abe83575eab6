import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 request signatures over `<timestamp>.<raw body>` (GitSlotPark, GA and TESTV sign this way), for
 * any adapter whose vendor uses them. Verification is constant-time and refuses a timestamp outside the
 * replay window; a replay inside the window is harmless because every wallet call is idempotent by its id.
 */
export interface SignedRequest {
  secret: string;
  /** Unix seconds as the vendor sent them. */
  timestamp: string | undefined;
  /** Hex digest as the vendor sent it. */
  signature: string | undefined;
  rawBody: string;
  nowMs?: number;
  windowSeconds?: number;
}

export const DEFAULT_REPLAY_WINDOW_SECONDS = 300;

export function hmacSignature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** True only for a well-formed signature of this body under this secret, made within the replay window. */
export function isValidSignature(request: SignedRequest): boolean {
  const { timestamp, signature } = request;
  if (
    timestamp === undefined ||
    signature === undefined ||
    !/^[0-9]{1,12}$/.test(timestamp) ||
    !/^[0-9a-f]{64}$/i.test(signature)
  ) {
    return false;
  }
  const seconds = Number(timestamp);
  const now = (request.nowMs ?? Date.now()) / 1000;
  if (Math.abs(now - seconds) > (request.windowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS)) return false;
  const expected = Buffer.from(hmacSignature(request.secret, seconds, request.rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

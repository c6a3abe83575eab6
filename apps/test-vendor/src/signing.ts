import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * TESTV signs every request both ways: HMAC-SHA256 over `<timestamp>.<raw body>` with the shared secret,
 * hex in `X-TestV-Signature`, unix seconds in `X-TestV-Timestamp`. This is the vendor's own implementation,
 * written apart from the operator's adapter on purpose: a shared helper would hide a wire-format mistake.
 */
export const SIGNATURE_HEADER = 'x-testv-signature';
export const TIMESTAMP_HEADER = 'x-testv-timestamp';
const REPLAY_WINDOW_SECONDS = 300;

export function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signedHeaders(secret: string, body: string, now = Date.now()) {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: sign(secret, timestamp, body),
  };
}

export function isSigned(secret: string, headers: Record<string, string | string[] | undefined>, body: string, now = Date.now()) {
  const timestamp = Number(headers[TIMESTAMP_HEADER]);
  const signature = headers[SIGNATURE_HEADER];
  if (!Number.isInteger(timestamp) || typeof signature !== 'string') return false;
  if (Math.abs(now / 1000 - timestamp) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(sign(secret, timestamp, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

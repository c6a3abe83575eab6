import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * TESTPSP signs every message both ways: hex HMAC-SHA256 of the exact body bytes with the shared secret, in
 * `X-TestPsp-Signature`; the body carries its own unix-seconds `timestamp`. Written apart from the operator's
 * adapter on purpose: a shared helper would hide a wire-format mistake from the conformance suite.
 */
export const SIGNATURE_HEADER = 'x-testpsp-signature';
const WINDOW_SECONDS = 300;

export const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export const signedHeaders = (secret: string, body: string) => ({
  'content-type': 'application/json',
  [SIGNATURE_HEADER]: sign(secret, body),
});

/** A request from the merchant: signed with the secret, its timestamp within the window. */
export function isSigned(secret: string, headers: Record<string, string | string[] | undefined>, body: string, now = Date.now()) {
  const signature = headers[SIGNATURE_HEADER];
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(sign(secret, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return false;
  try {
    const timestamp = Number((JSON.parse(body) as { timestamp?: unknown }).timestamp);
    return Number.isInteger(timestamp) && Math.abs(now / 1000 - timestamp) <= WINDOW_SECONDS;
  } catch {
    return false;
  }
}

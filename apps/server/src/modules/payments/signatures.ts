import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of the exact bytes. */
export const hmacHex = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

/**
 * True when `signature` is the HMAC of `raw` under one of the active secrets. Every secret is tried (no early
 * exit), each comparison in constant time, so the answer's timing tells nothing about which key or how close.
 */
export function signedByAny(secrets: readonly string[], raw: string, signature: string | undefined): boolean {
  if (signature === undefined || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const given = Buffer.from(signature, 'hex');
  let matched = false;
  for (const secret of secrets) {
    if (timingSafeEqual(Buffer.from(hmacHex(secret, raw), 'hex'), given)) matched = true;
  }
  return matched;
}

/** A message's own timestamp (unix seconds) within the window of the receiver's clock: older ones are replays. */
export function isFresh(timestampSeconds: number, nowMs = Date.now(), windowSeconds = 300): boolean {
  return Number.isInteger(timestampSeconds) && Math.abs(nowMs / 1000 - timestampSeconds) <= windowSeconds;
}

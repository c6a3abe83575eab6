import { describe, expect, it } from 'vitest';
import { hmacSignature, isValidSignature } from './hmac-signature.js';

const SECRET = 'a-shared-secret-of-thirty-two-characters';
const BODY = '{"txId":"t-1","amount":"100"}';
const NOW = 1_800_000_000_000;
const at = (seconds: number) => ({ timestamp: String(seconds), signature: hmacSignature(SECRET, seconds, BODY) });

describe('HMAC request signatures', () => {
  it('accepts the signature of this body within the replay window', () => {
    expect(isValidSignature({ secret: SECRET, rawBody: BODY, nowMs: NOW, ...at(NOW / 1000 - 299) })).toBe(true);
  });

  it('refuses another body, another secret, an old or future timestamp and malformed headers', () => {
    const fresh = at(NOW / 1000);
    expect(isValidSignature({ secret: SECRET, rawBody: `${BODY} `, nowMs: NOW, ...fresh })).toBe(false);
    expect(isValidSignature({ secret: `${SECRET}x`, rawBody: BODY, nowMs: NOW, ...fresh })).toBe(false);
    expect(isValidSignature({ secret: SECRET, rawBody: BODY, nowMs: NOW, ...at(NOW / 1000 - 301) })).toBe(false);
    expect(isValidSignature({ secret: SECRET, rawBody: BODY, nowMs: NOW, ...at(NOW / 1000 + 301) })).toBe(false);
    expect(
      isValidSignature({ secret: SECRET, rawBody: BODY, nowMs: NOW, timestamp: undefined, signature: fresh.signature }),
    ).toBe(false);
    expect(isValidSignature({ secret: SECRET, rawBody: BODY, nowMs: NOW, timestamp: fresh.timestamp, signature: 'zz' })).toBe(
      false,
    );
    expect(isValidSignature({ secret: SECRET, rawBody: BODY, nowMs: NOW, timestamp: '1e9', signature: fresh.signature })).toBe(
      false,
    );
  });
});

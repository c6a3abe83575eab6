import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64.js';

describe('base64', () => {
  it('agrees with Node for any bytes, both ways', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(base64ToBytes(text)).toEqual(bytes);
      }),
    );
  });

  it('refuses text that is not canonical padded base64', () => {
    for (const text of ['abc', 'ab=c', 'a===', 'ab-_', 'YQ', ' YQ==']) expect(base64ToBytes(text)).toBeNull();
  });
});

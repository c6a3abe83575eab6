import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT8_MAX, positiveDecimalUpTo } from './decimal-range.js';

describe('positiveDecimalUpTo', () => {
  it('matches exactly the decimals from 1 to max', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: INT8_MAX * 10n }), fc.bigInt({ min: 0n, max: INT8_MAX * 100n }), (max, n) => {
        const pattern = new RegExp(positiveDecimalUpTo(max));
        expect(pattern.test(n.toString())).toBe(n >= 1n && n <= max);
      }),
      { seed: 24, numRuns: 2000 },
    );
  });

  it('bounds a row id at the bigint maximum', () => {
    const rowId = new RegExp(positiveDecimalUpTo(INT8_MAX));
    expect(rowId.test('9223372036854775807')).toBe(true);
    expect(rowId.test('9223372036854775808')).toBe(false);
    expect(rowId.test('9999999999999999999')).toBe(false);
    expect(rowId.test('1')).toBe(true);
    expect(rowId.test('0')).toBe(false);
    expect(rowId.test('01')).toBe(false);
  });
});

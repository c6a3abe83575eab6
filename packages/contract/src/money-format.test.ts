import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInteger, formatMinor, localDigits } from './money-format.js';

describe('formatMinor', () => {
  it('formats minor units with grouping and the currency digits', () => {
    expect(formatMinor('1234550', 2)).toBe('12,345.50');
    expect(formatMinor('5', 2)).toBe('0.05');
    expect(formatMinor('0', 2)).toBe('0.00');
    expect(formatMinor('1500', 0)).toBe('1,500');
    expect(formatMinor('-250', 2)).toBe('-2.50');
    expect(formatMinor('123456789012345678', 2)).toBe('1,234,567,890,123,456.78');
  });

  it('writes Bengali numerals, grouped the Bengali way', () => {
    expect(formatMinor('75005', 2, 'bn')).toBe('৭৫০.০৫');
    expect(formatMinor('12345650', 2, 'bn')).toBe('১,২৩,৪৫৬.৫০');
  });
});

describe('formatInteger', () => {
  it("groups in thousands in English and in lakh and crore in Bengali, in the language's digits", () => {
    expect(formatInteger(1234567, 'en')).toBe('1,234,567');
    expect(formatInteger(1234567, 'bn')).toBe('১২,৩৪,৫৬৭');
    expect(formatInteger(0, 'bn')).toBe('০');
    expect(formatInteger(999, 'en')).toBe('999');
  });

  it("writes exactly what Intl.NumberFormat writes, for the web app's languages and others", () => {
    fc.assert(
      fc.property(fc.constantFrom('en', 'bn', 'de', 'hi'), fc.maxSafeNat(), (locale, value) => {
        expect(formatInteger(value, locale)).toBe(new Intl.NumberFormat(locale).format(value));
      }),
      { numRuns: 2000 },
    );
    for (const value of [0, 9, 10, 999, 1000, 99999, 100000, 9999999, 10000000, Number.MAX_SAFE_INTEGER])
      for (const locale of ['en', 'bn']) expect(formatInteger(value, locale)).toBe(new Intl.NumberFormat(locale).format(value));
  });
});

describe('localDigits', () => {
  it("puts a fixed pattern's digits in the locale's numerals", () => {
    expect(localDigits('2026-11-21 08:05', 'bn')).toBe('২০২৬-১১-২১ ০৮:০৫');
    expect(localDigits('2026-11-21', 'en')).toBe('2026-11-21');
    expect(localDigits('12', 'ar-EG')).toBe(new Intl.NumberFormat('ar-EG', { useGrouping: false }).format(12));
  });
});

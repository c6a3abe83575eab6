import { describe, expect, it } from 'vitest';
import { formatMinor } from './money-format.js';

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

import { describe, expect, it } from 'vitest';
import { formatMinor, parseMajor } from './money';

describe('money', () => {
  it('formats minor units with grouping and the currency digits', () => {
    expect(formatMinor('1234550', 2)).toBe('12,345.50');
    expect(formatMinor('5', 2)).toBe('0.05');
    expect(formatMinor('0', 2)).toBe('0.00');
    expect(formatMinor('1500', 0)).toBe('1,500');
    expect(formatMinor('-250', 2)).toBe('-2.50');
    expect(formatMinor('123456789012345678', 2)).toBe('1,234,567,890,123,456.78');
    expect(formatMinor('75005', 2, 'bn')).toBe('৭৫০.০৫');
  });

  it('reads a typed amount into minor units without floats', () => {
    expect(parseMajor('1,500.5', 2)).toBe('150050');
    expect(parseMajor('100', 2)).toBe('10000');
    expect(parseMajor('0.07', 2)).toBe('7');
    expect(parseMajor('1.234', 2)).toBeNull();
    expect(parseMajor('-5', 2)).toBeNull();
    expect(parseMajor('abc', 2)).toBeNull();
  });
});

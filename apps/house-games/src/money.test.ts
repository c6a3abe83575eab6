import { describe, expect, it } from 'vitest';
import { clock, formatMoney } from './money.js';

const taka = { symbol: '৳', minorDigits: 2 };

describe('formatMoney', () => {
  it('groups and pads in English numerals', () => {
    expect(formatMoney('131500', taka, 'en')).toBe('৳1,315.00');
    expect(formatMoney(-1020n, taka, 'en')).toBe('−৳10.20');
    expect(formatMoney('5', taka, 'en')).toBe('৳0.05');
  });

  it('writes Bengali numerals on a Bengali page, grouped the Bengali way', () => {
    expect(formatMoney('12345650', taka, 'bn')).toBe('৳১,২৩,৪৫৬.৫০');
    expect(formatMoney('5', taka, 'bn')).toBe('৳০.০৫');
  });

  it('keeps amounts beyond a float exact', () => {
    expect(formatMoney('900719925474099312', taka, 'en')).toBe('৳9,007,199,254,740,993.12');
  });

  it('shows a currency without minor units whole', () => {
    expect(formatMoney('1500', { symbol: '₫', minorDigits: 0 }, 'en')).toBe('₫1,500');
  });
});

describe('clock', () => {
  it('shows hours, minutes and seconds in the page numerals', () => {
    expect(clock(3_723_000, 'en')).toBe('01:02:03');
    expect(clock(3_723_000, 'bn')).toBe('০১:০২:০৩');
  });
});

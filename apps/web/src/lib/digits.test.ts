import { describe, expect, it } from 'vitest';
import { latinDigits } from './digits';

describe('latinDigits', () => {
  it('reads Bengali, Arabic-Indic and Devanagari digits as Latin ones', () => {
    expect(latinDigits('৫০০০')).toBe('5000');
    expect(latinDigits('১,২৩৪.৫৬')).toBe('1,234.56');
    expect(latinDigits('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(latinDigits('०९')).toBe('09');
  });

  it('leaves Latin digits and other text as typed', () => {
    expect(latinDigits('0123456789')).toBe('0123456789');
    expect(latinDigits('abc টাকা 12')).toBe('abc টাকা 12');
  });
});

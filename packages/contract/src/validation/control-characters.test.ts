import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './control-characters.js';

describe('hasControlCharacters', () => {
  it('finds NUL, escape, DEL and C1 controls in any text', () => {
    for (const text of ['a\u0000b', '\u001b[2J', 'x\u007f', '\u009b31m', 'a\u2028b']) {
      expect(hasControlCharacters(text)).toBe(true);
      expect(hasControlCharacters(text, 'multi-line')).toBe(true);
    }
  });

  it('lets line breaks and tabs through only in multi-line text', () => {
    expect(hasControlCharacters('line one\r\nline\ttwo')).toBe(true);
    expect(hasControlCharacters('line one\r\nline\ttwo', 'multi-line')).toBe(false);
  });

  it('passes ordinary text in any script', () => {
    expect(hasControlCharacters('আমার টাকা জমা হয়নি — ৳500, ok? 😀')).toBe(false);
  });
});

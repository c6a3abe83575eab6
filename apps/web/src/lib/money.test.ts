import { describe, expect, it } from 'vitest';
import { parseMajor } from './money';

describe('money', () => {
  it('reads a typed amount into minor units without floats', () => {
    expect(parseMajor('1,500.5', 2)).toBe('150050');
    expect(parseMajor('100', 2)).toBe('10000');
    expect(parseMajor('0.07', 2)).toBe('7');
    expect(parseMajor('1.234', 2)).toBeNull();
    expect(parseMajor('-5', 2)).toBeNull();
    expect(parseMajor('abc', 2)).toBeNull();
  });

  it('reads an amount typed in Bengali digits, as the site prints it', () => {
    expect(parseMajor('৫০০০', 2)).toBe('500000');
    expect(parseMajor('১,৫০০.৫', 2)).toBe('150050');
  });
});

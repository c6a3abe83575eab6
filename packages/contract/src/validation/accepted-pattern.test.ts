import { describe, expect, it } from 'vitest';
import { compileAcceptedPattern, InvalidAcceptedPatternError } from './accepted-pattern.js';

describe('compileAcceptedPattern', () => {
  it('treats * and the empty pattern as no extra rule', () => {
    expect(compileAcceptedPattern('*')).toBeNull();
    expect(compileAcceptedPattern('')).toBeNull();
  });

  it('matches the whole value even when the operator left out the anchors', () => {
    const digits = compileAcceptedPattern('[0-9]{3}');
    expect(digits?.test('123')).toBe(true);
    expect(digits?.test('a123b')).toBe(false);
    expect(digits?.test('1234')).toBe(false);
  });

  it('keeps alternation inside the anchors', () => {
    const either = compileAcceptedPattern('ab|cd');
    expect(either?.test('ab')).toBe(true);
    expect(either?.test('cd')).toBe(true);
    expect(either?.test('abx')).toBe(false);
    expect(either?.test('xcd')).toBe(false);
  });

  it('accepts the operator examples as written, anchors included', () => {
    const mobile = compileAcceptedPattern('^01[3-9]\\d{8}$');
    expect(mobile?.test('01712345678')).toBe(true);
    expect(mobile?.test('01212345678')).toBe(false);
    expect(mobile?.test('017123456789')).toBe(false);
  });

  it('compiles with the u flag so that property escapes work', () => {
    expect(compileAcceptedPattern('\\p{Script=Bengali}+')?.test('রহিম')).toBe(true);
  });

  it.each(['(', 'a)|(b', '[a-', '\\', 'a{2,1}', '\\p{Nope}'])('throws a typed error for %j', (pattern) => {
    expect(() => compileAcceptedPattern(pattern)).toThrow(InvalidAcceptedPatternError);
    try {
      compileAcceptedPattern(pattern);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidAcceptedPatternError);
      expect((error as InvalidAcceptedPatternError).pattern).toBe(pattern);
      expect((error as InvalidAcceptedPatternError).cause).toBeInstanceOf(SyntaxError);
    }
  });
});

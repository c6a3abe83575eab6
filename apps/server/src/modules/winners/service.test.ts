import { describe, expect, it } from 'vitest';
import { maskAccount } from './service.js';

describe('maskAccount', () => {
  it('never shows a whole account, nor its length', () => {
    expect(maskAccount('player123')).toBe('pl***3');
    expect(maskAccount('abcdef')).toBe('ab***f');
    expect(maskAccount('abcde')).toBe('a***');
    expect(maskAccount('ab')).toBe('a***');
    expect(maskAccount('x')).toBe('x***');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { countdown } from './format';
import { setLanguage, t } from './i18n';

describe('numbers on the Bengali lottery page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the draw number and the countdown in Bengali digits, and in Latin ones in English', () => {
    vi.stubGlobal('document', { documentElement: {} });
    setLanguage('bn');
    expect(t('draw', { numero: '202611210845' })).toContain('২০২৬১১২১০৮৪৫');
    expect(countdown(65_000)).toBe('০১:০৫');
    setLanguage('en');
    expect(t('draw', { numero: '202611210845' })).toBe('Draw 202611210845');
    expect(countdown(65_000)).toBe('01:05');
  });
});

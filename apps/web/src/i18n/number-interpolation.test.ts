import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from './i18n';
import { interpolationFormat } from './number-interpolation';

describe('interpolationFormat', () => {
  it("writes numbers in the language's numerals and leaves texts alone", () => {
    expect(interpolationFormat(11, 'bn')).toBe('১১');
    expect(interpolationFormat(5000, 'en')).toBe('5,000');
    expect(interpolationFormat(-1.5, 'bn')).toBe(new Intl.NumberFormat('bn').format(-1.5));
    expect(interpolationFormat('2025', 'bn')).toBe('2025');
  });

  it('reaches every message: a Bengali page shows no Latin digit from a number', async () => {
    await activateLanguage('bn');
    const text = i18n.t('reg_pattern_1', { min: 6, max: 16 });
    expect(text).toContain('৬');
    expect(text).toContain('১৬');
    expect(text).not.toMatch(/[0-9]/);
    expect(i18n.t('lobby.count', { shown: 11, total: 1200 })).not.toMatch(/[0-9]/);
  });
});

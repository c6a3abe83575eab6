import { describe, expect, it } from 'vitest';
import { offeredLanguages, pickLanguage } from './languages';

const product = { defaultLang: 'bn', supportLanguages: ['bn', 'en'] };

describe('pickLanguage', () => {
  it('keeps the stored choice when the site offers it', () => expect(pickLanguage(product, 'en')).toBe('en'));
  it('falls back to the product default', () => expect(pickLanguage(product, null)).toBe('bn'));
  it('ignores a stored language that is not offered', () => expect(pickLanguage(product, 'fr')).toBe('bn'));
  it('never offers a language without a locale file', () =>
    expect(offeredLanguages(['xx', 'en']).map((l) => l.code)).toEqual(['en']));
});

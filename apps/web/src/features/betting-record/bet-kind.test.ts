import { describe, expect, it } from 'vitest';
import bn from '../../../../../locales/bn.json';
import en from '../../../../../locales/en.json';
import { betKindKey } from './bet-kind';

describe('betKindKey', () => {
  it('names instant games by their own kind and leaves slots and unknown kinds to the category', () => {
    expect(betKindKey('INSTANT')).toBe('betting.kind_instant');
    expect(betKindKey('SLOT')).toBeNull();
    expect(betKindKey(null)).toBeNull();
  });

  it('has the label in both languages', () => {
    expect(en.betting.kind_instant).toBe('Instant game');
    expect(bn.betting.kind_instant).toBe('ইনস্ট্যান্ট গেম');
  });
});

import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { useCategoryName } from './category-name';

describe('useCategoryName', () => {
  it("names a category as the site's menus do, in the player's language, never by its code", async () => {
    await activateLanguage('en');
    const { result } = renderHook(() => useCategoryName());
    expect(result.current('RNG')).toBe('Slots');
    expect(result.current('LOTT')).toBe('Lottery');
    expect(result.current('ELOTT')).toBe('Electronic lottery');
    expect(result.current('NEW')).toBe('NEW');
  });
});

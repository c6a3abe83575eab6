import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/accounts-kit';
import { systemStatusFixture } from '../../test/system-status-fixture';
import { LanguageSelect } from './language-select';

const picker = () => screen.getByRole('button', { name: /^Language: / });

describe('the language select (spec 2.2: flag plus list)', () => {
  it("shows the current language's flag and name, and a list of each language in its own name and flag", async () => {
    await renderWithApp(<LanguageSelect />);
    const button = picker();
    expect(button.textContent).toContain('English');
    expect(button.querySelector('svg')).toBeTruthy();
    expect(button.getAttribute('aria-haspopup')).toBe('listbox');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Language' });
    expect(button.getAttribute('aria-controls')).toBe(list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual([
      ['বাংলা', 'bn'],
      ['English', 'en'],
    ]);
    expect(options.every((option) => option.querySelector('svg[aria-hidden="true"]'))).toBe(true);
    expect(within(list).getByRole('option', { selected: true }).textContent).toBe('English');
    expect(document.activeElement).toBe(list);
  });

  it('moves with the arrows, closes on Escape with focus back on the button, and chooses with Enter', async () => {
    await renderWithApp(<LanguageSelect />);
    const user = userEvent.setup();
    picker().focus();
    await user.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox');
    const active = () => document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('English');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('বাংলা');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(picker());
    expect(picker().getAttribute('aria-expanded')).toBe('false');

    await user.keyboard('{Enter}');
    await user.keyboard('{Home}{Enter}');
    await waitFor(() => expect(document.documentElement.lang).toBe('bn'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: /^ভাষা: / }).textContent).toContain('বাংলা');
  });

  it('closes when focus leaves it, and is absent where the site offers one language', async () => {
    const { unmount } = await renderWithApp(<LanguageSelect />);
    await userEvent.setup().click(picker());
    await userEvent.setup().click(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
    unmount();
    const base = systemStatusFixture();
    await renderWithApp(<LanguageSelect />, { ...base, product: { ...base.product, supportLanguages: ['en'] } });
    expect(screen.queryByRole('button')).toBeNull();
  });
});

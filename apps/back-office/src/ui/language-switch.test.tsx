import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, startI18n, switchLanguage } from '../i18n/i18n';
import { initialLanguage, LANGUAGE_KEY } from '../i18n/language-choice';
import { formatTime } from '../lib/dates';
import { LanguageSwitch } from './language-switch';

beforeAll(async () => {
  await startI18n();
});

afterAll(async () => {
  await switchLanguage('en', { chosen: false });
});

describe('the language switch', () => {
  it('shows the back office in Bengali when chosen: text, <html lang>, and the choice kept in this browser', async () => {
    render(<LanguageSwitch />);
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'বাংলা' }).getAttribute('lang')).toBe('bn');

    await user.selectOptions(select, 'bn');

    expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'ভাষা' })).value).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(document.title).toBe('টেসেরা ব্যাক অফিস');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('bn');
    expect(initialLanguage(['en-US'])).toBe('bn');

    await user.selectOptions(screen.getByRole('combobox', { name: 'ভাষা' }), 'en');
    expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Language' })).value).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('starts in the browser’s preferred language the back office has, else English', () => {
    expect(initialLanguage(['fr-FR', 'bn-BD', 'en'])).toBe('bn');
    expect(initialLanguage(['fr-FR', 'de'])).toBe('en');
    localStorage.setItem(LANGUAGE_KEY, 'xx');
    expect(initialLanguage(['bn'])).toBe('bn');
  });

  it('words server refusals in Bengali, its own wording first, the site’s for keys it does not word itself', async () => {
    await switchLanguage('bn', { chosen: false });
    expect(i18n.t('errors.staff_permission_denied')).toBe('আপনার রোলে এটি করার অনুমতি নেই।');
    expect(i18n.t('errors.insufficient_funds')).toBe('পর্যাপ্ত ব্যালেন্স নেই।');
    await switchLanguage('en', { chosen: false });
    expect(i18n.t('errors.insufficient_funds')).toBe('Insufficient balance.');
  });

  it('writes dates with the language’s month names and Latin digits', async () => {
    const time = new Date(2026, 10, 29, 14, 5, 9).getTime();
    expect(formatTime(time)).toMatch(/29 Nov 2026/);
    await switchLanguage('bn', { chosen: false });
    expect(formatTime(time)).toMatch(/^29 নভে/);
    expect(formatTime(time)).not.toMatch(/[০-৯]/);
    await switchLanguage('en', { chosen: false });
  });
});

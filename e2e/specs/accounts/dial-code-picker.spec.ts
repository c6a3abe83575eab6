// Sign-up's country code: it starts on the merchant's country, a search narrows the list, the keyboard moves
// through it, and Escape closes the list only: the sign-up dialog and what was typed in it stay.
import { expect, test } from '@playwright/test';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';

test.describe.configure({ timeout: 60_000 });

for (const language of ['en', 'bn'] as const) {
  test(`the country code picker searches, takes the keyboard and closes alone on Escape (${language.toUpperCase()})`, async ({
    page,
  }, info) => {
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    await page.goto('/register');
    const dialog = page.getByRole('dialog');
    const username = dialog.getByLabel(text(language, 'accounts.fields.username'), { exact: true });
    await username.fill('keepme01');
    const picker = dialog.getByRole('button', { name: language === 'en' ? /\+880/ : /\+৮৮০/ });
    await picker.click();
    const search = dialog.getByRole('combobox');
    await search.fill(language === 'en' ? 'Kos' : '383');
    const kosovo = dialog.getByRole('option').first();
    await expect(kosovo).toContainText(language === 'en' ? '+383' : '+৩৮৩');
    await saveShot(page, info, `dial-code-${info.project.name}-${language}`);
    await search.fill('');
    await search.press('ArrowDown');
    await search.press('ArrowDown');
    await expect(dialog.getByRole('option', { selected: true })).toHaveCount(1);
    await search.press('Escape');
    await expect(dialog.getByRole('listbox')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(username).toHaveValue('keepme01');
    await expect(picker).toBeFocused();
  });
}

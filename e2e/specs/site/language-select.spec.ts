// The header's language select (spec 2.2: "flag plus list"): a button with the current language's flag and name,
// a list of each language's flag and own name, by pointer and by keyboard, on the static home page as elsewhere.
import { expect, test } from '@playwright/test';
import { captureConsoleErrors, skipPopupAnnouncement, text } from '../../support/site.js';

test.describe.configure({ timeout: 90_000 });

test('the language button opens a list of flags and names, works by keyboard and switches the page', async ({ page }, info) => {
  const console = captureConsoleErrors(page);
  const shot = (name: string) => page.screenshot({ path: `/tmp/s28-shots/language-${name}-${info.project.name}.png` });
  await skipPopupAnnouncement(page);
  await page.goto('/index');
  const bengali = page.getByRole('button', { name: `${text('bn', 'language.select')}: বাংলা` });
  await expect(bengali).toHaveAttribute('aria-expanded', 'false');
  await expect(bengali.locator('svg').first()).toBeVisible();
  // The visitor's home page is the server's HTML: this tap starts the app, and the app opens the list.
  await bengali.click();
  const list = page.getByRole('listbox', { name: text('bn', 'language.select') });
  await expect(list).toBeVisible();
  await expect(bengali).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option')).toHaveText(['বাংলা', 'English']);
  await expect(list.getByRole('option', { name: 'English' })).toHaveAttribute('lang', 'en');
  await expect(list.getByRole('option', { selected: true })).toHaveText('বাংলা');
  await expect(list.getByRole('option').locator('svg')).toHaveCount(3); // two flags and the chosen one's tick
  await shot('open-bn');

  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(bengali).toBeFocused();
  await expect(bengali).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  await page.keyboard.press('ArrowDown');
  // On the server's page the choice is stored and the server writes the page anew in it.
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const english = page.getByRole('button', { name: 'Language: English' });
  await expect(page.getByRole('link', { name: text('en', 'shell.header.login') })).toBeVisible();
  await english.click();
  await expect(page.getByRole('listbox', { name: 'Language' }).getByRole('option', { selected: true })).toHaveText('English');
  await shot('open-en');

  // A page the app painted switches in place, and focus comes back to the button.
  await page.goto('/noticePage');
  await english.click();
  await page.getByRole('listbox').getByRole('option', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('bn', 'routes.notices'));
  await expect(bengali).toBeFocused();
  await shot('closed-bn');
  console.expectNone();
});

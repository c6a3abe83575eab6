// The back office's site settings in a real browser: an owner switches a feature and a register rule through
// their forms, sees the server's reason beside a field it refuses, and the player site follows each change; the
// maintenance switch closes the player site and reopens it. These change what every player sees, so the
// `exclusive` project runs them alone, after everything else, and puts the settings back afterwards.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { openBackOffice, seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, storeLanguage, useLanguage } from '../../support/site.js';

const DESKTOP = { width: 1366, height: 900 };

const ownerToken = (request: Parameters<typeof staffToken>[0]) =>
  staffToken(request, `owner.${randomBytes(4).toString('hex')}`, 'owner');

async function openSettings(page: Page, token: string, group: string) {
  await page.setViewportSize(DESKTOP);
  await openBackOffice(page, token, `/settings?group=${group}`);
}

test.describe('site settings @exclusive', () => {
  test.afterAll(async () => {
    await admin('maintenance', 'off');
    await admin('features', 'set', 'DIRECTREG3', 'on');
    await admin('register-rules', 'set', 'telegram', '--shown', 'off', '--min', '3', '--max', '32');
  });

  test('a feature switch and a register rule change through their forms, and the player site follows', async ({
    page,
    request,
    browser,
  }, info) => {
    test.setTimeout(120_000);
    await openSettings(page, await ownerToken(request), 'registerRules');
    const rules = page.getByRole('form', { name: 'Register rules' });
    await expect(rules.getByRole('switch', { name: 'telegram Shown' })).not.toBeChecked();

    // A value the server refuses: its reason shows beside the field, and nothing is stored.
    const telegramMin = rules.getByRole('spinbutton', { name: 'telegram Min length' });
    await telegramMin.fill('50');
    await expect(rules.getByRole('status')).toHaveText('Unsaved changes.');
    await rules.getByRole('button', { name: 'Save Register rules' }).click();
    await expect(rules.getByRole('alert')).toHaveText('The settings were not saved: fix the fields shown.');
    await expect(telegramMin).toHaveAttribute('aria-invalid', 'true');
    await expect(telegramMin).toHaveAccessibleDescription('telegram: minLength 50 exceeds maxLength 32');
    await expect(rules.getByRole('link', { name: 'Telegram › Min length' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, 'bo-settings-refused');
    await rules.getByRole('button', { name: 'Discard changes' }).click();
    await expect(telegramMin).toHaveValue('3');

    await rules.getByRole('switch', { name: 'telegram Shown' }).check();
    await rules.getByRole('button', { name: 'Save Register rules' }).click();
    await expect(rules.getByRole('status')).toHaveText('Saved: the site uses it from the next request.');

    await page.getByRole('navigation', { name: 'Settings groups' }).getByRole('button', { name: 'Feature switches' }).click();
    const features = page.getByRole('form', { name: 'Feature switches' });
    await features.getByRole('switch', { name: 'DIRECTREG3' }).uncheck();
    await expect(page.getByRole('button', { name: /Feature switches\s+unsaved/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, 'bo-settings-features');
    await features.getByRole('button', { name: 'Save Feature switches' }).click();
    await expect(features.getByRole('status')).toHaveText('Saved: the site uses it from the next request.');
    await expect(page.getByRole('navigation', { name: 'Settings groups' }).getByText('unsaved')).toHaveCount(0);

    const player = await browser.newPage({ viewport: DESKTOP });
    await useLanguage(player, 'en');
    await skipPopupAnnouncement(player);
    await player.goto('/register');
    await expect(player.getByRole('textbox', { name: 'Telegram' })).toBeVisible({ timeout: 20_000 });
    await player.goto('/');
    await expect(player.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(player.getByRole('link', { name: 'Sign up' })).toHaveCount(0);

    await features.getByRole('switch', { name: 'DIRECTREG3' }).check();
    await features.getByRole('button', { name: 'Save Feature switches' }).click();
    await expect(features.getByRole('status')).toHaveText('Saved: the site uses it from the next request.');
    await player.reload();
    await expect(player.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await player.close();

    // On a tablet the groups line up above the form, and every field stays reachable.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('navigation', { name: 'Settings groups' }).getByRole('button', { name: 'Product and brand' }).click();
    const product = page.getByRole('form', { name: 'Product and brand' });
    await expect(product.getByRole('combobox', { name: 'Announcement execution' })).toBeVisible();
    await expect(product.getByRole('switch', { name: 'Home page after login' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, 'bo-settings-product-tablet');
  });

  test('the maintenance switch closes the player site and reopens it', async ({ page, request, browser }, info) => {
    test.setTimeout(120_000);
    await openSettings(page, await ownerToken(request), 'maintenance');
    await expect(page.getByTestId('maintenance-state')).toHaveText('The site is open.');
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, 'bo-settings');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Close the site for maintenance' }).click();
    await expect(page.getByTestId('maintenance-state')).toHaveText('The site is closed for maintenance.');

    const player = await browser.newPage({ viewport: DESKTOP });
    await storeLanguage(player, 'en');
    await player.goto('/');
    await expect(player.getByTestId('system-maintenance')).toBeVisible();

    await page.getByRole('button', { name: 'Reopen the site' }).click();
    await expect(page.getByTestId('maintenance-state')).toHaveText('The site is open.');
    await player.reload();
    await expect(player.locator('#root > *').first()).toBeAttached();
    await expect(player.getByTestId('system-maintenance')).toHaveCount(0);
    await player.close();
  });
});

// A new player registers with a username, is logged in at once, signs out and logs in again (spec §4).
import { expect, test } from '@playwright/test';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD } from './account-kit.js';

// Several popups and server round trips per test: more time than a one-screen check needs on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('registers with a username, logs out and logs in again @smoke', async ({ page }) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const username = newUsername();

  await page.goto('/register');
  const register = page.getByRole('dialog', { name: /Sign up/ });
  await register.getByLabel('Username', { exact: true }).fill(` ${username} `);
  await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await register.getByLabel('Confirm password').fill(PASSWORD);
  // The age consent is required: without it the form says so and nothing is sent.
  await register.getByRole('button', { name: 'Sign up' }).click();
  await expect(register.getByText('You must be 18 years of age or older to sign up')).toBeVisible();
  await register.getByRole('checkbox', { name: /18 years of age or older/ }).check();
  await register.getByRole('button', { name: 'Sign up' }).click();

  // Auto-login: the first-login welcome, the popup route left for the home page, the logged-in header.
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await expect(welcome).toContainText(username);
  await welcome.getByRole('button', { name: 'Start playing' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.getByTestId('avatar-button').click();
  await expect(page.getByTestId('avatar-summary')).toContainText(username);
  await expect(page.getByTestId('avatar-summary')).toContainText('VIP0');
  expect(await page.evaluate(() => window.sessionStorage.getItem('account'))).toBe(username);

  // Sign out asks first, then leaves a visitor with the merchant values kept.
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out' });
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: window.sessionStorage.getItem('token'),
    merchant: window.sessionStorage.getItem('merchant'),
  }));
  expect(stored.token).toBeNull();
  expect(stored.merchant).not.toBeNull();

  // Log in again: no welcome this time.
  await page.getByRole('link', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username', { exact: true }).fill(username);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toHaveCount(0);
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toHaveCount(0);
});

// An account an operator made with the default password 123456 must change it at its first login (spec §4, §9):
// the change-password popup is forced, checks its fields (spec §5), and a change lands on the home page.
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { loginByApi, newUsername, PASSWORD } from './account-kit.js';

test.describe.configure({ timeout: 60_000 });

test('a 123456 password is changed before anything else, then the player lands on /', async ({ page }) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const username = newUsername();
  await admin('member', 'create', username, '--password', '123456');

  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username', { exact: true }).fill(username);
  await login.getByLabel('Password', { exact: true }).fill('123456');
  await login.getByRole('button', { name: 'Log in' }).click();

  const change = page.getByRole('dialog', { name: 'Change password' });
  await expect(change).toContainText('Your password is the default one.');
  // Forced: no close button, and no current password asked (the server's single-use grant stands for it).
  await expect(change.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(change.getByLabel('Current password')).toHaveCount(0);

  const save = change.getByRole('button', { name: 'Save new password' });
  await save.click();
  await expect(change.getByText('Input cannot be empty')).toHaveCount(2);
  await change.getByLabel('New password', { exact: true }).fill('123456');
  await change.getByLabel('Confirm new password').fill('123456');
  await save.click();
  await expect(change.getByText('This password is too weak. Please choose a stronger one.')).toBeVisible();
  await change.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await change.getByLabel('Confirm new password').fill(`${PASSWORD}x`);
  await save.click();
  await expect(change.getByText('Incorrect confirmation input')).toBeVisible();
  await change.getByLabel('Confirm new password').fill(PASSWORD);
  await save.click();
  await expect(change.getByRole('status')).toHaveText('Your password has been changed.');
  await change.getByRole('button', { name: 'Done' }).click();
  await expect(change).toHaveCount(0);

  // The first-login step of the new account comes next; skipping it leaves the player on the home page.
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Start playing' }).click();
  await expect(page).toHaveURL(/\/(index)?$/);
  await expect(page.getByTestId('avatar-button')).toBeVisible();

  // The new password is the one that works now.
  expect((await loginByApi(page.request, username, PASSWORD)).passwordChangeRequired).toBe(false);
});

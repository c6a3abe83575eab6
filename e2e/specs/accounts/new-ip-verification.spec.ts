// New-address login verification (spec §4, issue 4 item 5). Every browser reaches the test server from
// 127.0.0.1, so the operator first forgets the account's known addresses: the next login is then "new".
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { readDelivered } from '../../support/delivered.js';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD, registerByApi } from './account-kit.js';

test.describe.configure({ timeout: 90_000 });

test('asks for an emailed code when logging in from an address the account has not used', async ({ page, request }) => {
  const username = newUsername();
  const email = `${username}@example.com`;
  await registerByApi(request, username, { email });
  await expect(await admin('member', 'forget-addresses', username)).toContain(`of ${username}`);

  // Codes are sent at most once a second per client address, and the phone and desktop runs of this spec may send at
  // the same moment: each run logs in from an address of its own.
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: /Log in/ });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();

  await expect(dialog.getByText('You are logging in from a new address.', { exact: false })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('radio', { name: /^Email to e\*\*\*@example\.com$/ }).check();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();

  const code = await readDelivered('mail', email, /code is (\d{6})/);
  await dialog.getByLabel('Verification code').fill('000000' === code ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(dialog.getByText('The verification code is incorrect.')).toBeVisible();
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
});

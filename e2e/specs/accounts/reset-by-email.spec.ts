// Forgot password by email (spec §4, §5): the captcha-gated request, the link read from the mail outbox, a new
// password, and a login with it. @exclusive: the request is limited to one per address per 30 seconds, which
// the phone and desktop runs would otherwise share.
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD, readOutbox, watchCaptchas } from './account-kit.js';

test.describe.configure({ timeout: 60_000 });

test('resets a forgotten password by email @exclusive', async ({ page }) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const captchas = watchCaptchas(page);
  const username = newUsername();
  const email = `${username}@example.com`;
  await admin('member', 'create', username, '--password', PASSWORD, '--email', email);

  await page.goto('/login');
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  const send = forgot.getByRole('button', { name: 'Send reset link' });
  await send.click();
  await expect(forgot.getByText('Input cannot be empty')).toHaveCount(3);

  await forgot.getByLabel('Username', { exact: true }).fill(username);
  await forgot.getByLabel('Email', { exact: true }).fill('not-an-email');
  await forgot.getByLabel('Verification code', { exact: true }).fill('0000');
  await send.click();
  await expect(forgot.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await forgot.getByLabel('Email', { exact: true }).fill(email);
  await expect(forgot.getByRole('img', { name: 'Verification code picture' })).toBeVisible();
  await forgot.getByLabel('Verification code', { exact: true }).fill(await captchas.answer());
  await send.click();
  await expect(forgot.getByRole('status')).toHaveText(
    'A password reset link has been sent to your email if the username and email match an account.',
  );

  const token = await readOutbox('mail', email, /\/resetPassword\?token=([\w-]+)/);
  await page.goto(`/resetPassword?token=${token}`);
  const reset = page.getByRole('dialog', { name: 'Choose a new password' });
  const newPassword = `${PASSWORD}n`;
  await reset.getByLabel('New password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm new password').fill(PASSWORD);
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(reset.getByText('Incorrect confirmation input')).toBeVisible();
  await reset.getByLabel('Confirm new password').fill(newPassword);
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(reset.getByRole('status')).toHaveText('Your password has been changed. You can now log in with it.');
  await reset.getByRole('button', { name: 'OK' }).click();

  await page.getByRole('link', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username', { exact: true }).fill(username);
  await login.getByLabel('Password', { exact: true }).fill(newPassword);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toHaveCount(0);
  await expect(page.getByTestId('avatar-button')).toBeVisible();
});

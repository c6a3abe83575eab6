// Failed logins raise the image captcha (spec §4), which the right answer then passes; a session ended by a newer login elsewhere drops to a visitor
// told that the account signed in on another device (DESIGN §2: one session per account).
import { expect, test } from '@playwright/test';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { loginByApi, newUsername, PASSWORD, registerByApi, startLoggedIn, watchCaptchas } from './account-kit.js';

// Several popups and server round trips per test: more time than a one-screen check needs on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('wrong passwords until the image captcha appears, then the captcha answered', async ({ page, request }) => {
  await skipPopupAnnouncement(page);
  const captchas = watchCaptchas(page);
  await useLanguage(page, 'en');
  const username = newUsername();
  await registerByApi(request, username);

  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username', { exact: true }).fill(username);
  const password = login.getByLabel('Password', { exact: true });
  for (let attempt = 1; attempt <= 2; attempt++) {
    await password.fill(`wrong-${attempt}`);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login.getByRole('alert')).toHaveText('Incorrect username or password.');
    await expect(login.getByRole('textbox', { name: 'Verification code' })).toHaveCount(0);
  }
  await password.fill('wrong-3');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toHaveText('Incorrect username or password. Please also enter the verification code.');
  await expect(login.getByRole('textbox', { name: 'Verification code' })).toBeVisible();
  // The picture (one per second per address: another test may have just taken the turn, so ask again if so).
  await expect(async () => {
    const image = login.getByRole('img', { name: 'Verification code picture' });
    if (!(await image.isVisible())) await login.getByRole('button', { name: 'Show a new verification code' }).click();
    await expect(image).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 10_000 });
  // Without an answer the form does not even ask the server.
  await password.fill('wrong-4');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByText('Input cannot be empty')).toBeVisible();

  // The right password with the picture's answer (told by the operator command, as support staff would) logs in.
  await password.fill(PASSWORD);
  await login.getByRole('textbox', { name: 'Verification code' }).fill(await captchas.answer());
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toHaveCount(0);
  await expect(page.getByTestId('avatar-button')).toBeVisible();
});

test('a session ended by a newer login says the account signed in on another device', async ({ page, request }) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const username = newUsername();
  await startLoggedIn(page, await registerByApi(request, username));
  await page.goto('/index');
  await expect(page.getByTestId('avatar-button')).toBeVisible();

  await loginByApi(request, username);
  await page.reload();
  const warning = page.getByRole('dialog', { name: 'Notice' });
  await expect(warning).toContainText('Your account signed in on another device');
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
});

// The bot check (issue 4 item 7) as a player meets it: the login popup solves the proof of work in the browser
// while they type, and the login goes through with it.
import { expect, test } from '@playwright/test';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD, registerByApi } from './account-kit.js';

test.describe.configure({ timeout: 60_000 });

test('logs in with the bot check solved in the browser', async ({ page, request }) => {
  const username = newUsername();
  await registerByApi(request, username);
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');

  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/wps/verification/bot-check')) sent.push(req.method());
  });
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: /Log in/ });
  await expect(dialog.getByText('Verified: you are not a robot')).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByText('Incorrect username or password.')).toBeVisible();
  // A failed login resets the widget (spec §4): a new challenge is solved for the next try.
  await expect.poll(() => sent.length).toBe(2);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible({ timeout: 30_000 });
});

// The first-login step (spec §4): a new account chooses a nickname, shown in the avatar menu; a language switch
// while logged in is sent to the server (spec 7.1), as an operator's `member show` then says.
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { chooseLanguage, skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD } from './account-kit.js';

test.describe.configure({ timeout: 60_000 });

test('chooses a nickname at first login, and the language choice reaches the server', async ({ page }) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const username = newUsername();
  const nickname = `Nick ${username.slice(-6)}`;
  await admin('member', 'create', username, '--password', PASSWORD);

  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username', { exact: true }).fill(username);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();

  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await expect(welcome.getByRole('button', { name: 'Set a deposit limit' })).toBeVisible();
  await page.screenshot({ path: `/tmp/accounts-first-login-${test.info().project.name}.png` });
  await welcome.getByRole('textbox', { name: 'Nickname' }).fill('x');
  await welcome.getByRole('button', { name: 'Save nickname' }).click();
  await expect(welcome.getByText('Please use 2–16 letters or digits, with single spaces or _ between words')).toBeVisible();
  await welcome.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await welcome.getByRole('button', { name: 'Save nickname' }).click();
  await expect(welcome.getByRole('status')).toHaveText(`Your nickname is now ${nickname}.`);
  await welcome.getByRole('button', { name: 'Start playing' }).click();

  await page.getByTestId('avatar-button').click();
  await expect(page.getByTestId('avatar-summary')).toContainText(nickname);
  await page.keyboard.press('Escape');

  // A member's phone header has no room for the language select: it is in the side menu there.
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await chooseLanguage(page, 'bn');
  await expect.poll(async () => admin('member', 'show', username)).toContain('language: bn');
});

// Live chat: a support user goes on duty in the back office (another browser) and a player opens the chat room from
// the avatar menu; the player's message reaches the console live, the staff member's typing and answer reach the
// player live, and each side sees the other's read receipt. Phone in BN, desktop in EN.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openBackOffice, seriousViolations, staffToken } from '../../support/back-office.js';
import { isPhoneProject, saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test('a player chats live with a support user in the back office', async ({ page, browser }, info) => {
  // Two browsers, a staff enrolment and a registration (password hashes) on a busy machine.
  test.setTimeout(180_000);
  const language = isPhoneProject(info) ? 'bn' : 'en';
  const say = (key: string) => text(language, key);

  const staffName = `chat.${randomBytes(4).toString('hex')}`;
  const token = await staffToken(page.request, staffName, 'support');
  const operatorContext = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 1366, height: 900 } });
  try {
    const operator = await operatorContext.newPage();
    await openBackOffice(operator, token, '/chat');
    await expect(operator.getByRole('heading', { name: 'Live chat', level: 1 })).toBeVisible();
    await operator.getByLabel('On duty').check();
    await expect(operator.getByText(/\d+ on duty/)).toBeVisible();

    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    const username = newUsername();
    const player = await registerByApi(page.request, username);
    await startLoggedIn(page, player);
    await page.goto('/index');
    const avatar = page.getByTestId('avatar-button');
    await expect(avatar).toBeVisible({ timeout: 30_000 });
    await avatar.click();
    await page.getByRole('menuitem', { name: say('accounts.menu.customer_service') }).click();
    const room = page.getByRole('dialog', { name: say('chat.title') });
    await expect(room.getByText(say('chat.connected'))).toBeVisible({ timeout: 20_000 });
    const question = language === 'bn' ? 'আমার জমা কখন আসবে?' : 'When will my deposit arrive?';
    await room.getByLabel(say('chat.message_label')).fill(question);
    await room.getByRole('button', { name: say('chat.send'), exact: true }).click();
    await expect(room.locator('[data-sender="player"]')).toContainText(question);

    // The console hears of the new chat and its message without a reload.
    const entry = operator.getByRole('button', { name: new RegExp(username) });
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await entry.click();
    const pane = operator.getByTestId('chat-pane');
    await expect(pane.locator('[data-sender="player"]')).toContainText(question);
    await expect(room.getByText(say('chat.seen'))).toBeVisible({ timeout: 20_000 });

    await pane.getByLabel('Reply', { exact: true }).pressSequentially('Checking');
    await expect(room.getByText(say('chat.staff_typing'))).toBeVisible({ timeout: 20_000 });
    await pane.getByLabel('Reply', { exact: true }).fill('It is on its way: usually within five minutes.');
    await pane.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(room.locator('[data-sender="staff"]')).toContainText('It is on its way', { timeout: 20_000 });
    await expect(pane.getByText('Seen by the player')).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(operator)).toEqual([]);
    await saveShot(operator, info, `chat-console-${info.project.name}`);
    await saveShot(page, info, `chat-room-${info.project.name}-${language}`);
  } finally {
    await operatorContext.close();
  }
});

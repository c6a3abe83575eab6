// Visitors' live chat with pictures: a visitor opens the chat room from the login popup, sends a picture and a
// question; a support user in the back office (another browser) sees both live, opens the picture at full size and
// answers with a picture of their own, which the visitor opens too. When the visitor then logs in, the same chat is
// theirs as a member and the console names them. Phone in BN, desktop in EN.
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { openBackOffice, seriousViolations, staffToken } from '../../support/back-office.js';
import { isPhoneProject, saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

const picture = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' } })
    .toBuffer();

test('a visitor chats from the login popup with pictures both ways, and keeps the chat on logging in', async ({
  page,
  browser,
}, info) => {
  // Two browsers, a staff enrolment, a registration and four re-encoded pictures on a busy machine.
  test.setTimeout(180_000);
  const language = isPhoneProject(info) ? 'bn' : 'en';
  const say = (key: string) => text(language, key);
  const mark = randomBytes(4).toString('hex');

  const staffName = `chatv.${mark}`;
  const token = await staffToken(page.request, staffName, 'support');
  const operatorContext = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 1366, height: 900 } });
  try {
    const operator = await operatorContext.newPage();
    await openBackOffice(operator, token, '/chat');
    await operator.getByLabel('On duty').check();
    await expect(operator.getByText(/\d+ on duty/)).toBeVisible();

    // A visitor is limited to a new chat per address every 30 s: each run comes from its own address.
    await page.setExtraHTTPHeaders({
      'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    });
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: say('accounts.login.title') });
    await login.getByRole('button', { name: say('accounts.login.live_chat'), exact: true }).click();
    const room = page.getByRole('dialog', { name: say('chat.title') });
    await expect(room.getByText(say('chat.connected'))).toBeVisible({ timeout: 20_000 });

    await room.getByTestId('chat-image-input').setInputFiles({
      name: 'IMG_0001.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture(1800, 1200, { r: 200, g: 80, b: 40 }),
    });
    const sentThumb = room.locator('[data-sender="player"]').getByRole('button', { name: say('chat.picture_open') });
    await expect(sentThumb.locator('img')).toBeVisible({ timeout: 30_000 });
    const question = `${language === 'bn' ? 'লগইন করতে পারছি না' : 'I cannot log in'} ${mark}`;
    const draft = room.getByLabel(say('chat.message_label'));
    await draft.fill(question);
    // A visitor may send a message a second: one typed right after the picture is refused with a notice and kept in
    // the field, and the visitor sends it again.
    await expect(async () => {
      if ((await draft.inputValue()) !== '') await room.getByRole('button', { name: say('chat.send'), exact: true }).click();
      await expect(room.locator('[data-sender="player"]').last()).toContainText(question, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // The console: the visitor's chat arrives live; the picture opens at full size.
    const entry = operator.getByRole('button', { name: new RegExp(question) });
    await expect(entry).toBeVisible({ timeout: 30_000 });
    await entry.click();
    const pane = operator.getByTestId('chat-pane');
    await expect(pane.locator('[data-sender="player"]').last()).toContainText(question);
    await pane.getByRole('button', { name: 'Open the picture at full size' }).click();
    await expect(pane.getByTestId('chat-picture-full').getByRole('img')).toBeVisible({ timeout: 20_000 });
    await saveShot(operator, info, `chat-console-picture-${info.project.name}`);
    await pane.getByRole('button', { name: 'Back to the chat' }).click();

    await pane.getByTestId('console-image-input').setInputFiles({
      name: 'screen.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 800, height: 1400, channels: 3, background: { r: 40, g: 160, b: 90 } } })
        .png()
        .toBuffer(),
    });
    await expect(pane.locator('[data-sender="staff"] img')).toBeVisible({ timeout: 30_000 });
    await pane.getByLabel('Reply', { exact: true }).fill(`Try the steps in this picture ${mark}`);
    await pane.getByRole('button', { name: 'Send', exact: true }).click();
    expect(await seriousViolations(operator)).toEqual([]);

    // The visitor sees the answer live and opens its picture.
    await expect(room.locator('[data-sender="staff"]').last()).toContainText(mark, { timeout: 30_000 });
    const answerThumb = room.locator('[data-sender="staff"]').getByRole('button', { name: say('chat.picture_open') });
    await expect(answerThumb.locator('img')).toBeVisible({ timeout: 30_000 });
    await saveShot(page, info, `chat-visitor-${info.project.name}-${language}`);
    await answerThumb.click();
    const full = room.getByTestId('chat-picture-full');
    await expect(full.getByRole('img')).toBeVisible({ timeout: 20_000 });
    await expect(full.getByRole('button', { name: say('chat.picture_back') })).toBeFocused();
    const axe = await new AxeBuilder({ page }).include('[data-testid="chat-room"]').analyze();
    expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);
    await saveShot(page, info, `chat-visitor-full-${info.project.name}-${language}`);
    await full.getByRole('button', { name: say('chat.picture_back') }).click();
    await expect(answerThumb).toBeFocused();

    // Logged in, the visitor's chat is theirs: the same messages, and the console names them.
    const username = newUsername();
    await startLoggedIn(page, await registerByApi(page.request, username));
    await page.goto('/index');
    const avatar = page.getByTestId('avatar-button');
    await expect(avatar).toBeVisible({ timeout: 30_000 });
    await avatar.click();
    await page.getByRole('menuitem', { name: say('accounts.menu.customer_service') }).click();
    await expect(room.getByText(say('chat.connected'))).toBeVisible({ timeout: 20_000 });
    await expect(room.locator('[data-sender="player"]').last()).toContainText(question);
    // The open chat's heading in the console turns from the visitor's label to the account.
    await expect(operator.getByRole('heading', { level: 2, name: username })).toBeVisible({ timeout: 30_000 });
  } finally {
    await operatorContext.close();
  }
});

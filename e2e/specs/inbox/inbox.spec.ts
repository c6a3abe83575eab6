// Talking to players: an operator sends a message from the back office (another browser), the player's unread
// badge rises without a reload and falls once the message is read in the members centre's platform information;
// the notification centre there still lists the player's deposit after its toast. Phone in BN, desktop in EN.
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { enrolledStaff, logInStaff, seriousViolations } from '../../support/back-office.js';
import { isPhoneProject, saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test('an operator message raises the unread badge live and reading it lowers it; the notification centre lists a deposit', async ({
  page,
  browser,
}, info) => {
  // Two browsers, a staff enrolment and a registration (password hashes) on a busy machine.
  test.setTimeout(120_000);
  const language = isPhoneProject(info) ? 'bn' : 'en';
  const say = (key: string) => text(language, key);
  const shown = (value: number, digits = 0) =>
    value.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });

  await skipPopupAnnouncement(page);
  await useLanguage(page, language);
  const username = newUsername();
  const player = await registerByApi(page.request, username);
  const deposit = await page.request.post('/wps/deposit/orders', {
    headers: { authorization: player.token },
    data: { channel: 'demo', amountMinor: '50000', requestId: randomUUID() },
  });
  expect(deposit.status()).toBe(200);
  await startLoggedIn(page, player);
  await page.goto('/index');
  const avatar = page.getByTestId('avatar-button');
  // The logged-in header is a lazy chunk: slower than one expect on a busy machine.
  await expect(avatar).toBeVisible({ timeout: 30_000 });
  await expect(avatar.getByTestId('count-badge')).toHaveCount(0);

  const staffName = `support.${randomBytes(4).toString('hex')}`;
  const secret = await enrolledStaff(page.request, staffName, 'support');
  const operatorContext = await browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: { width: 1366, height: 900 },
  });
  try {
    const operator = await operatorContext.newPage();
    await logInStaff(operator, staffName, secret);
    await operator.getByRole('link', { name: 'Messages to players' }).click();
    await operator.getByLabel('Player accounts').fill(username);
    const english = operator.getByRole('group', { name: 'English' });
    await english.getByLabel('Title').fill('Weekend reload bonus');
    await english.getByLabel('Text (HTML)').fill('<p>Deposit this weekend and get <b>20%</b> more.</p>');
    const bengali = operator.getByRole('group', { name: 'Bengali' });
    await bengali.getByLabel('Title').fill('সপ্তাহান্তের রিলোড বোনাস');
    await bengali.getByLabel('Text (HTML)').fill('<p>এই সপ্তাহান্তে জমা দিন, বেশি পান।</p>');
    expect(await seriousViolations(operator)).toEqual([]);
    await operator.getByRole('button', { name: 'Send' }).click();
    await expect(operator.getByRole('status').filter({ hasText: 'Sent to 1 players.' })).toBeVisible();
    await expect(operator.getByRole('table', { name: 'Sent messages' })).toContainText('Weekend reload bonus');
    await saveShot(operator, info, `inbox-operator-${info.project.name}`);
  } finally {
    await operatorContext.close();
  }

  // The live stream tells the page; no reload.
  await expect(avatar.getByTestId('count-badge')).toHaveText(shown(1), { timeout: 20_000 });
  await saveShot(page, info, `inbox-badge-${info.project.name}-${language}`);

  await avatar.click();
  await page.getByRole('menuitem', { name: say('accounts.menu.messages') }).click();
  const centre = page.getByRole('dialog', { name: say('members_centre.title') });
  await expect(centre.getByRole('heading', { name: say('inbox.title') })).toBeVisible();
  const title = language === 'bn' ? 'সপ্তাহান্তের রিলোড বোনাস' : 'Weekend reload bonus';
  const message = centre.getByTestId('inbox-message').filter({ hasText: title });
  await message.getByRole('button', { name: new RegExp(title) }).click();
  await expect(message).toContainText(language === 'bn' ? 'এই সপ্তাহান্তে জমা দিন' : 'get 20% more');
  await expect(avatar.getByTestId('count-badge')).toHaveCount(0);
  await saveShot(page, info, `inbox-read-${info.project.name}-${language}`);

  await centre.getByRole('tab', { name: say('inbox.tab_notifications') }).click();
  const notification = centre.getByTestId('notification-item');
  await expect(notification).toHaveCount(1);
  await expect(notification).toContainText(shown(500, 2));
  await saveShot(page, info, `inbox-notifications-${info.project.name}-${language}`);
});

// The back office in a real browser: the first owner, made by the operator command, enrols the authenticator and
// logs in; creates a finance user; the audit log shows both; a player's token opens no back-office call. Then in
// Bengali: the language switch, the operator's messages (with a server refusal), chat and delivery screens and the
// player search, remembered across a reload, fitting a 1366×768 desktop and a 390×844 phone.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { admin } from '../../support/admin.js';
import { backOfficeText, expectFitsTheScreen, openBackOffice, seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot } from '../../support/site.js';
import { newUsername, registerByApi } from '../accounts/account-kit.js';

const PASSWORD = 'owner passphrase 2026';

test('an owner made by the CLI enrols TOTP, logs in, creates a finance user and finds both in the audit log', async ({
  page,
}, info) => {
  // Five screens, three axe scans and two password hashes on the server: more than the default on a busy machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const suffix = randomBytes(4).toString('hex');
  const owner = `owner.${suffix}`;
  const finance = `finance.${suffix}`;

  const created = await admin('staff', 'create', owner, '--role', 'owner');
  const link = /https?:\/\/\S+(\/bo\/enrol#[A-Za-z0-9_-]+)/.exec(created)?.[1];
  expect(link, created).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Set up your back-office account' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code holding your authenticator secret' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, info, 'bo-enrol');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password again').fill(PASSWORD);
  await page.getByLabel('The 6-digit code your app shows now').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await saveShot(page, info, 'bo-recovery-codes');
  await page.getByRole('link', { name: 'I have saved them: log in' }).click();

  await page.getByLabel('Name').fill(owner);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('who')).toHaveText(`${owner} (owner)`);

  await page.getByRole('link', { name: 'Staff & roles' }).click();
  await page.getByLabel('Name', { exact: true }).fill(finance);
  await page.getByLabel('Role', { exact: true }).selectOption('finance');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('enrolment-link')).toContainText('/bo/enrol#');
  const row = page.getByRole('row').filter({ hasText: finance });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText(owner);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, info, 'bo-staff');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action', { exact: true }).fill('staff.create');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').filter({ hasText: finance })).toContainText(`${owner} (staff)`);
  // The command itself is audited too (cli.command): the row that matters is the staff.create the filter keeps.
  await expect(
    audit.getByRole('row').filter({ hasText: owner }).filter({ hasText: '(cli)' }).filter({ hasText: 'staff.create' }),
  ).toHaveCount(1);
  await expect(audit.getByRole('row').filter({ hasText: 'cli.command' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, info, 'bo-audit');

  await page.getByRole('link', { name: 'My sessions' }).click();
  await expect(page.getByText('This session')).toBeVisible();
  await saveShot(page, info, 'bo-sessions');

  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(audit).toBeVisible();
  await saveShot(page, info, 'bo-audit-tablet');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Back office login' })).toBeVisible();
});

test('a player token opens no back-office call', async ({ request }) => {
  const player = await registerByApi(request, newUsername());
  const member = await request.get('/wps/member/info', { headers: { authorization: player.token } });
  expect(member.status()).toBe(200);
  for (const path of ['/bo/api/me', '/bo/api/staff', '/bo/api/audit', '/bo/api/sessions']) {
    const answer = await request.get(path, { headers: { authorization: player.token } });
    expect([path, answer.status(), (await answer.json()).code]).toEqual([path, 401, 'staff.not.session']);
  }
});

test('the back office in Bengali: chosen in the top bar, remembered, server refusals in Bengali, fitting phone and desktop', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const bn = (key: string) => backOfficeText('bn', key);
  const token = await staffToken(page.request, `owner.${randomBytes(4).toString('hex')}`, 'owner');
  await page.setViewportSize({ width: 1366, height: 768 });
  await openBackOffice(page, token, '/messages');
  await expect(page.getByRole('heading', { name: 'Messages to players' })).toBeVisible();

  await page.getByLabel('Language', { exact: true }).selectOption('bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: bn('nav.messages') })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tessera.bo.lang'))).toBe('bn');
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some((face) => face.family.replaceAll('"', '') === 'Noto Sans Bengali' && face.status === 'loaded'),
      ),
    )
    .toBe(true);

  // A refusal from the server, its message key shown in Bengali, and the field it names worded here.
  await page.getByLabel(bn('messages.audience')).selectOption('downline');
  await page.getByLabel(bn('messages.agent_account')).fill(`nobody.${randomBytes(3).toString('hex')}`);
  await page
    .getByRole('group', { name: bn('messages.language_bn') })
    .getByLabel(bn('messages.title'))
    .fill('পরীক্ষা');
  await page.getByRole('button', { name: bn('messages.send'), exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: bn('errors.message_rejected') })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(bn('messages.refused.agentAccount'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);
  await saveShot(page, info, 'bo-bn-messages-desktop');

  await page.getByRole('link', { name: bn('nav.chat'), exact: true }).click();
  await expect(page.getByRole('heading', { name: bn('chat.title'), level: 1 })).toBeVisible();
  await expectFitsTheScreen(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveShot(page, info, 'bo-bn-chat-desktop');

  await page.getByRole('link', { name: bn('nav.deliveries'), exact: true }).click();
  await expect(page.getByRole('heading', { name: bn('deliveries.title') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, info, 'bo-bn-deliveries-desktop');

  // The phone, after a reload: still Bengali.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: bn('deliveries.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expectFitsTheScreen(page);
  await saveShot(page, info, 'bo-bn-deliveries-phone');

  await page.getByRole('link', { name: bn('nav.players'), exact: true }).click();
  await expect(page.getByRole('heading', { name: bn('players.title'), level: 1 })).toBeVisible();
  await expectFitsTheScreen(page);
  await saveShot(page, info, 'bo-bn-players-phone');

  await page.getByRole('link', { name: bn('nav.chat'), exact: true }).click();
  await expect(page.getByRole('heading', { name: bn('chat.title'), level: 1 })).toBeVisible();
  await expectFitsTheScreen(page);
  await saveShot(page, info, 'bo-bn-chat-phone');

  await page.getByLabel(bn('shell.language'), { exact: true }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Live chat', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

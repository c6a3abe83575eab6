// The back office's money desk in a real browser: a player deposits by bank transfer on the site, finance approves it
// in the back office and the player's header balance follows live; a withdrawal above the four-eyes threshold waits
// for a second staff member, its asker cannot confirm it, and the second one's confirmation pays it.
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import { solveBotCheck } from '../../../apps/server/src/modules/bot-check/solve.js';
import { admin } from '../../support/admin.js';
import { seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { bindBankAndPaymentPassword, newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

const envelope = async (response: { json(): Promise<unknown> }) =>
  (await response.json()) as { success: boolean; code: string; value: Record<string, unknown> };

/** A back-office tab of its own, logged in with `token` (the app keeps it in sessionStorage). */
async function backOfficePage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript((value) => sessionStorage.setItem('tessera.bo.token', value), token);
  return context.newPage();
}

test('finance approves a deposit live; a withdrawal above the threshold needs a second staff member', async ({
  page,
  browser,
}, info) => {
  // Two staff enrolments, a player's deposit, payout account and withdrawal, four back-office screens with axe.
  test.setTimeout(300_000);
  const suffix = randomBytes(3).toString('hex');
  const channel = `bank${suffix}`;
  await admin(
    'deposit',
    'channel',
    'add',
    channel,
    '--kind',
    'bank',
    '--name',
    `City Bank ${suffix}`,
    '--min',
    '500',
    '--max',
    '25000',
  );
  // Four-eyes above 500.00 for this run.
  await admin('settings', 'set', 'approvals', '{"fourEyesAboveMinor":50000}');
  const asker = await staffToken(page.request, `fin.ask.${suffix}`, 'finance');
  const checker = await staffToken(page.request, `fin.check.${suffix}`, 'finance');

  // The player deposits 750 by bank transfer on the site.
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const challenge = (await (await page.request.get('/wps/verification/bot-check')).json()) as EnvelopeOf<BotCheckChallenge>;
  const player = await registerByApi(page.request, newUsername(), { botCheck: await solveBotCheck(challenge.value) });
  await startLoggedIn(page, player);
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await centre.getByRole('radio', { name: `City Bank ${suffix}` }).check();
  await centre.getByTestId('deposit-amount').fill('750');
  await centre.getByTestId('deposit-reference').fill(`TRX${suffix}`);
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-orders')).toContainText('Waiting for review');
  const balance = page.getByTestId('header-balance-amount');
  await expect(balance).toHaveText('0.00');

  // Finance approves it in the back office; the player's balance follows without a reload.
  const bo = await backOfficePage(browser, asker);
  await bo.goto('/bo/deposits');
  await bo.getByLabel('Player account').fill(player.userName);
  await bo.getByRole('button', { name: 'Apply filters' }).click();
  const depositRow = bo.locator('tr', { hasText: `TRX${suffix}` });
  await expect(depositRow).toContainText('৳750.00');
  await expect(depositRow).toContainText('Pending');
  expect(await seriousViolations(bo)).toEqual([]);
  await saveShot(bo, info, 'bo-deposits');
  await depositRow.getByRole('button', { name: /^Approve deposit/ }).click();
  await expect(bo.getByRole('status').filter({ hasText: /^Deposit \d+ approved/ })).toBeVisible();
  // The queue shows what waits: the approved order has left it.
  await expect(depositRow).toHaveCount(0);
  await expect(balance).toHaveText('750.00');
  await expect(centre.getByTestId('deposit-orders')).toContainText('Approved');

  // The player binds a bank account, sets a payment password and asks for 600: above the threshold.
  await bindBankAndPaymentPassword(page, '9876543210');
  await page.goto('/index?mc=withdraw');
  await centre.getByLabel('Amount').fill('600');
  await centre.getByLabel('Payment password').fill('482916');
  await centre.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(centre.getByTestId('withdrawal-row').first()).toContainText('Under review');

  // The first finance member approves: it waits for a second one.
  await bo.goto('/bo/withdrawals');
  await bo.getByLabel('Player account').fill(player.userName);
  await bo.getByRole('button', { name: 'Apply filters' }).click();
  const withdrawalRow = bo.locator('tbody tr', { hasText: player.userName });
  await expect(withdrawalRow).toContainText('৳600.00');
  await expect(withdrawalRow).toContainText('First withdrawal');
  await expect(withdrawalRow).toContainText('New account');
  await expect(withdrawalRow).toContainText('Little play');
  await withdrawalRow.getByRole('button', { name: /^Approve withdrawal/ }).click();
  await expect(bo.getByRole('status').filter({ hasText: 'waits in Approvals' })).toBeVisible();
  await expect(withdrawalRow).toContainText('Waiting for a second staff member');
  await expect(bo.getByTestId('open-approvals')).toBeVisible();
  expect(await seriousViolations(bo)).toEqual([]);
  await saveShot(bo, info, 'bo-withdrawals');

  // The one who asked sees it as theirs, with no way to confirm it, and the server refuses it too.
  await bo.getByRole('link', { name: /^Approvals/ }).click();
  const mine = bo.locator('tbody tr', { hasText: player.userName });
  await expect(mine).toContainText('Yours: another staff member confirms');
  await expect(mine.getByRole('button', { name: /^Confirm approval/ })).toHaveCount(0);
  const approvalId = (await mine.locator('td').first().textContent())?.trim() ?? '';
  const own = await page.request.post('/bo/api/approvals/confirm', {
    headers: { authorization: asker },
    data: { id: approvalId },
  });
  expect([own.status(), (await envelope(own)).code]).toEqual([403, 'approval.same.staff']);
  expect(await seriousViolations(bo)).toEqual([]);
  await saveShot(bo, info, 'bo-approvals-mine');

  // A second finance member confirms it: the payout is sent, once, and the player is told live.
  const second = await backOfficePage(browser, checker);
  await second.goto('/bo/approvals');
  const theirs = second.locator('tbody tr', { hasText: player.userName });
  await theirs.getByRole('button', { name: `Confirm approval ${approvalId}` }).click();
  await expect(second.getByRole('status').filter({ hasText: `Approval ${approvalId} confirmed` })).toBeVisible();
  await expect(page.getByTestId('notification-toast').filter({ hasText: 'Your withdrawal of' })).toContainText('600.00');
  await page.reload();
  await expect(centre.getByTestId('withdrawal-row').first()).toContainText('Paid: please confirm');
  const again = await page.request.post('/bo/api/approvals/confirm', {
    headers: { authorization: checker },
    data: { id: approvalId },
  });
  expect((await envelope(again)).code).toBe('approval.state');

  // The balance adjustment screen, reached by account name.
  await second.goto(`/bo/adjust?account=${player.userName}`);
  await expect(second.getByTestId('adjust-balance')).toHaveText('৳150.00');
  await second.getByLabel('Amount (৳)').fill('25');
  await second.getByLabel('Reason').fill('Goodwill for a slow payout');
  await second.getByRole('button', { name: 'Submit' }).click();
  await expect(second.getByRole('status').filter({ hasText: 'the balance has changed' })).toBeVisible();
  await expect(second.getByTestId('adjust-balance')).toHaveText('৳175.00');
  await expect(balance).toHaveText('175.00');
  expect(await seriousViolations(second)).toEqual([]);
  await saveShot(second, info, 'bo-adjust');
  await bo.context().close();
  await second.context().close();
});

// A new player deposits from the members centre and sees the header balance change without a reload: at once
// on the demo play-money channel, and live when an operator approves a bank-transfer order (spec §2.4, §4).
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import { solveBotCheck } from '../../../apps/server/src/modules/bot-check/solve.js';
import { admin } from '../../support/admin.js';
import { expectNoRawPlaceholders, skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test.describe.configure({ timeout: 90_000 });

async function newPlayer(page: Page, language: 'en' | 'bn' = 'en') {
  await skipPopupAnnouncement(page);
  await useLanguage(page, language);
  // The demo merchant runs the bot check (BOTCHECK3): solve a challenge as the browser's worker would.
  const challenge = (await (await page.request.get('/wps/verification/bot-check')).json()) as EnvelopeOf<BotCheckChallenge>;
  const result = await registerByApi(page.request, newUsername(), { botCheck: await solveBotCheck(challenge.value) });
  await startLoggedIn(page, result);
  return result;
}

const shot = async (page: Page, name: string, isPhone: boolean) => {
  await expectNoRawPlaceholders(page);
  await page.screenshot({ path: `/tmp/wallet-${name}-${isPhone ? 'phone' : 'desktop'}.png` });
};

test('deposits play money from the members centre and the header balance follows @smoke', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  await newPlayer(page);
  await page.goto('/index');
  const amount = page.getByTestId('header-balance-amount');
  await expect(amount).toHaveText('0.00');

  await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await expect(centre).toBeVisible();
  await expect(page).toHaveURL(/[?&]mc=depositv2/);
  const entries = centre.getByRole('navigation', { name: 'Members centre pages' });
  await expect(entries.getByRole('button', { name: 'Deposit' })).toHaveAttribute('aria-current', 'page');
  await expect(centre.getByText('Demo: this adds play money, not real money.')).toBeVisible();
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await expect(centre.getByTestId('deposit-amount')).toHaveValue('1000.00');
  await shot(page, 'deposit-en', isPhone);
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');
  await expect(amount).toHaveText('1,000.00');
  await expect(centre.getByTestId('deposit-orders')).toContainText('Approved');

  // Below the channel minimum: refused on the page, nothing sent.
  await centre.getByTestId('deposit-amount').fill('5');
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(centre.getByText('From ৳ 100.00 to ৳ 50,000.00').first()).toBeVisible();
  // The success line belonged to the first attempt: it does not stand beside the refused one.
  await expect(centre.getByTestId('deposit-result')).toBeEmpty();

  // My wallet (single mode): the main balance and a way to deposit.
  await entries.getByRole('button', { name: 'My wallet' }).click();
  await expect(centre.getByTestId('my-wallet-main')).toHaveText('৳ 1,000.00');
  await shot(page, 'my-wallet-en', isPhone);
  await centre.getByRole('button', { name: 'Close members centre' }).click();
  await expect(centre).toBeHidden();
  await expect(page).not.toHaveURL(/mc=/);
});

test('an operator-approved bank transfer updates the balance live and shows the notification', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  const code = `bank${randomBytes(3).toString('hex')}`;
  await admin(
    'deposit',
    'channel',
    'add',
    code,
    '--kind',
    'bank',
    '--name',
    `City Bank ${code}`,
    '--name-bn',
    `সিটি ব্যাংক ${code}`,
    '--min',
    '500',
    '--max',
    '25000',
    '--account',
    'Account number=0123456789',
    '--account',
    'Account name=Tessera Demo Ltd',
    '--instructions',
    'Transfer the amount, then enter the transaction ID.',
    '--instructions-bn',
    'টাকা পাঠান, তারপর লেনদেন আইডি লিখুন।',
  );
  await newPlayer(page, 'bn');
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog', { name: 'সদস্য কেন্দ্র' });
  await centre.getByRole('radio', { name: `সিটি ব্যাংক ${code}` }).check();
  await expect(centre.getByText('0123456789')).toBeVisible();
  await centre.getByTestId('deposit-amount').fill('750');
  await centre.getByTestId('deposit-reference').fill('TRX778899');
  await shot(page, 'deposit-bank-bn', isPhone);
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-orders')).toContainText('যাচাইয়ের অপেক্ষায়');
  // The order's "received" notice arrives live, once (a toast stays 8 s, less than the operator commands take).
  const toasts = page.getByTestId('notification-toast');
  await expect(toasts.filter({ hasText: 'যাচাই করা হচ্ছে' })).toHaveCount(1);
  const amount = page.getByTestId('header-balance-amount');
  await expect(amount).toHaveText('০.০০');

  const pending = await admin('deposit', 'list', '--status', 'pending', '--limit', '50');
  const line = pending.split('\n').find((row) => row.includes(`\t${code}\t`) && row.includes('TRX778899'));
  const orderId = line?.split('\t')[0];
  expect(orderId, pending).toMatch(/^[0-9]+$/);
  await admin('deposit', 'approve', orderId as string);

  await expect(amount).toHaveText('৭৫০.০০');
  // The approval's notice follows live.
  await expect(toasts.filter({ hasText: 'অনুমোদিত' })).toContainText('৳ ৭৫০.০০');
  await expect(centre.getByTestId('deposit-orders')).toContainText('অনুমোদিত');
  await shot(page, 'approved-bn', isPhone);
});

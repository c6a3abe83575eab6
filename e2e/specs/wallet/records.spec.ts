// A player deposits play money, finds it in the account record (type filter, date presets), and sets a daily
// deposit limit that shows what is already used (responsible gaming, spec §2.4 transactionHistory). Money is
// credited through the demo merchant's play-money deposit channel, the same path a player uses.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { RsaKey } from '@tessera/contract/api/accounts';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import { admin } from '../../support/admin.js';
import { expectNoRawPlaceholders, skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test.describe.configure({ timeout: 90_000 });

async function newPlayer(page: Page, language: 'en' | 'bn') {
  await skipPopupAnnouncement(page);
  await useLanguage(page, language);
  await startLoggedIn(page, await registerByApi(page.request, newUsername()));
}

const shot = async (page: Page, name: string, isPhone: boolean) => {
  await expectNoRawPlaceholders(page);
  await page.screenshot({ path: `/tmp/records-${name}-${isPhone ? 'phone' : 'desktop'}.png`, fullPage: false });
};

async function depositPlayMoney(page: Page) {
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');
  return centre;
}

test('the account record lists a deposit, filters by type and date preset, and pages stay in the URL', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  await newPlayer(page, 'en');
  const centre = await depositPlayMoney(page);

  await centre.getByRole('button', { name: 'Account record' }).click();
  await expect(page).toHaveURL(/[?&]mc=transactionHistory/);
  const records = centre.getByTestId('records-transactions');
  const rows = records.getByTestId('record-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Deposit');
  await expect(rows.first()).toContainText('+৳ 1,000.00');
  await expect(rows.first()).toContainText('Balance ৳ 1,000.00');
  await shot(page, 'account-record-en', isPhone);

  await records.getByLabel('Type').selectOption('bet');
  await expect(records.getByText('No records in this period')).toBeVisible();
  await expect(page).toHaveURL(/rtype=bet/);
  await records.getByLabel('Type').selectOption('deposit');
  await expect(rows).toHaveCount(1);

  await records.getByRole('button', { name: 'Yesterday' }).click();
  await expect(records.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
  await expect(records.getByText('No records in this period')).toBeVisible();
  await records.getByRole('button', { name: 'Today' }).click();
  await expect(rows).toHaveCount(1);

  // A reload keeps the filters (the URL is state).
  await page.reload();
  await expect(page.getByTestId('records-transactions').getByRole('button', { name: 'Today' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('records-transactions').getByTestId('record-row')).toHaveCount(1);

  await page.getByRole('dialog', { name: 'Members centre' }).getByRole('button', { name: 'Bonus details' }).click();
  await expect(page.getByTestId('records-bonuses').getByText('No records in this period')).toBeVisible();
});

test('a player sets a daily deposit limit and sees it with what is already deposited', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  await newPlayer(page, 'en');
  await depositPlayMoney(page);

  await page.goto('/index?mc=securityCenter');
  const protection = page.getByTestId('player-protection');
  const daily = protection.getByTestId('deposit-limit-daily');
  await expect(daily.getByTestId('limit-current')).toHaveText('No limit');
  await daily.getByLabel('New limit').fill('1500');
  await daily.getByRole('button', { name: 'Save limit' }).click();
  await expect(daily.getByTestId('limit-current')).toHaveText('৳ 1,500.00');
  await expect(daily).toContainText('৳ 1,000.00');
  await expect(daily.getByText('Saved. The new limit applies now.')).toBeVisible();

  // Raising waits 24 hours: the pending change and its time are shown.
  await daily.getByLabel('New limit').fill('3000');
  await daily.getByRole('button', { name: 'Save limit' }).click();
  await expect(daily.getByTestId('limit-pending')).toContainText('Changes to ৳ 3,000.00 at');
  await expect(daily.getByTestId('limit-current')).toHaveText('৳ 1,500.00');
  await daily.scrollIntoViewIfNeeded();
  await shot(page, 'deposit-limit-en', isPhone);

  // A deposit over what is left of the limit is refused.
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByText(/deposit limit you set/)).toBeVisible();
});

test('the record screens in Bengali', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  await newPlayer(page, 'bn');
  await page.goto('/index?mc=transactionHistory');
  await expect(page.getByTestId('records-transactions').getByText('এই সময়কালে কোনো রেকর্ড নেই')).toBeVisible();
  await shot(page, 'account-record-bn', isPhone);
  await page.goto('/index?mc=manualRebate');
  await expect(page.getByTestId('cashback').getByText('এখনো কোনো ক্যাশব্যাক নেই')).toBeVisible();
  await shot(page, 'cashback-bn', isPhone);
  await page.goto('/index?mc=transferUpline');
  await expect(page.getByTestId('member-transfers').getByText('আপনার অ্যাকাউন্টের টাকা পাঠানোর মতো কোনো আপলাইন নেই।')).toBeVisible();
  await shot(page, 'transfer-bn', isPhone);
});

/** Sets the first payment password through the security centre's encrypted entry, as its form does. */
async function setPaymentPassword(request: APIRequestContext, token: string, password: string) {
  const path = '/wps/member/payment-password';
  const key = ((await (await request.get('/wps/session/key/rsa')).json()) as EnvelopeOf<RsaKey>).value;
  const payload = { loginPassword: PASSWORD, newPassword: password, confirmPassword: password };
  const { headers, body } = await sealRequest(key, { method: 'POST', path }, payload);
  const res = await request.post(path, { headers: { Encryption: headers.encryption, Authorization: token }, data: body });
  expect(res.status(), await res.text()).toBe(200);
}

test('a member sends money to the upline agent with the payment password and sees it in the records', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  const agent = newUsername();
  await admin('member', 'create', agent, '--password', PASSWORD, '--type', '1');
  const code = /affiliate codes: ([0-9A-F]{8})/.exec(await admin('member', 'show', agent))?.[1];
  expect(code).toBeTruthy();
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const member = await registerByApi(page.request, newUsername(), { affiliateCode: code as string });
  await setPaymentPassword(page.request, member.token, '135790');
  await startLoggedIn(page, member);
  await depositPlayMoney(page);

  await page.goto('/index?mc=transferUpline');
  const transfers = page.getByTestId('member-transfers');
  await expect(transfers.getByText(`Send money from your main wallet to your upline ${agent}.`)).toBeVisible();
  await transfers.getByLabel('Amount').fill('250');
  await transfers.getByLabel('Payment password').fill('000000');
  await transfers.getByRole('button', { name: 'Send' }).click();
  await expect(transfers.getByText('The payment password is wrong')).toBeVisible();
  await transfers.getByLabel('Payment password').fill('135790');
  await transfers.getByRole('button', { name: 'Send' }).click();
  await expect(transfers.getByText(`৳ 250.00 was sent to ${agent}.`)).toBeVisible();
  await expect(transfers.getByRole('region', { name: 'Transfer history' }).getByText(`Sent to ${agent}`)).toBeVisible();
  await expect(page.getByTestId('header-balance-amount')).toHaveText('750.00');
  await shot(page, 'transfer-en', isPhone);

  await page.goto('/index?mc=transactionHistory');
  const rows = page.getByTestId('records-transactions').getByTestId('record-row');
  await expect(rows.first()).toContainText('Member transfer');
  await expect(rows.first()).toContainText('−৳ 250.00');
  await expect(rows.first()).toContainText('Balance ৳ 750.00');
});

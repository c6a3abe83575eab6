// A player with a balance binds a bank account, sets a payment password, withdraws; the operator approves by
// command; the player confirms receipt, sees the withdrawal completed and every step in the account record
// (spec §2.4, §4).
import { expect, type Page, test } from '@playwright/test';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import { solveBotCheck } from '../../../apps/server/src/modules/bot-check/solve.js';
import { admin } from '../../support/admin.js';
import { expectNoRawPlaceholders, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { bindBankAndPaymentPassword, newUsername, PASSWORD, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test.describe.configure({ timeout: 120_000 });

const shot = async (page: Page, name: string, isPhone: boolean) => {
  await expectNoRawPlaceholders(page);
  await page.screenshot({ path: `/tmp/withdrawal-${name}-${isPhone ? 'phone' : 'desktop'}.png`, fullPage: true });
};

test('binds an account, sets a payment password, withdraws and confirms receipt after the operator pays @smoke', async ({
  page,
}, info) => {
  const isPhone = info.project.name === 'phone';
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const challenge = (await (await page.request.get('/wps/verification/bot-check')).json()) as EnvelopeOf<BotCheckChallenge>;
  const result = await registerByApi(page.request, newUsername(), { botCheck: await solveBotCheck(challenge.value) });
  await startLoggedIn(page, result);

  // A balance to withdraw: the demo deposit channel credits at once.
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');

  // Security centre: bind a bank account, set the payment password.
  await bindBankAndPaymentPassword(page, '9876 5432 10');
  await shot(page, 'security-centre-en', isPhone);

  // Withdraw 500.
  await page.goto('/index?mc=withdraw');
  await expect(centre.getByText('৳ 1,000.00')).toBeVisible();
  await centre.getByLabel('Amount').fill('500');
  await centre.getByLabel('Payment password').fill('482916');
  await centre.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(centre.getByText('Withdrawal of ৳ 500.00 requested')).toBeVisible();
  await expect(centre.getByTestId('withdrawal-row').first()).toContainText('Under review');
  await shot(page, 'requested-en', isPhone);

  // The operator pays it.
  const pending = await admin('withdrawal', 'list', '--status', 'pending', '--limit', '50');
  const row = pending.split('\n').find((line) => line.includes(`\t${result.userName}\t`));
  expect(row, pending).toBeTruthy();
  const id = (row ?? '').split('\t')[0] ?? '';
  expect(await admin('withdrawal', 'approve', id)).toContain('awaiting_confirmation');

  await page.reload();
  const withdrawal = centre.getByTestId('withdrawal-row').first();
  await expect(withdrawal).toContainText('Paid: please confirm');
  await shot(page, 'paid-en', isPhone);
  await withdrawal.getByRole('button', { name: 'All received' }).click();
  await expect(withdrawal).toContainText('Completed');
  await expect(withdrawal).toContainText('remaining ৳ 0.00');
  await shot(page, 'completed-en', isPhone);

  // The account record shows every step: the deposit, then the withdrawal paid out of the main wallet.
  await centre.getByRole('button', { name: 'Account record' }).click();
  const rows = centre.getByTestId('records-transactions').getByTestId('record-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Withdrawal');
  await expect(rows.nth(0)).toContainText('−৳ 500.00');
  await expect(rows.nth(0)).toContainText('Balance ৳ 500.00');
  await expect(rows.nth(1)).toContainText('Deposit');
  await expect(rows.nth(1)).toContainText('+৳ 1,000.00');
  await shot(page, 'record-en', isPhone);
  await page.goto('/index?mc=withdraw');

  await useLanguage(page, 'bn');
  await page.reload();
  // The dialog's name is translated now: find the row on the page.
  await expect(page.getByTestId('withdrawal-row').first()).toContainText('সম্পন্ন');
  await shot(page, 'completed-bn', isPhone);
});

/** A 1×1 PNG: the proof a player attaches when a payout did not arrive. */
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const language of ['en', 'bn'] as const) {
  test(`forms say what is wrong in words, a result line belongs to the latest attempt, a dispute offers what fits it (${language.toUpperCase()})`, async ({
    page,
  }, info) => {
    const isPhone = info.project.name === 'phone';
    const say = (key: string) => text(language, key);
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    const result = await registerByApi(page.request, newUsername());
    await startLoggedIn(page, result);
    await page.goto('/index?mc=depositv2');
    const centre = page.getByRole('dialog');
    await centre.getByTestId('deposit-amount').fill('1000');
    await centre.getByTestId('deposit-submit').click();
    await expect(centre.getByTestId('deposit-result')).not.toBeEmpty();

    // Empty or impossible entries: messages in words, never a bare {{placeholder}}.
    await page.goto('/index?mc=securityCenter');
    const save = centre.getByRole('button', { name: say('security.payment_password.save'), exact: true });
    await save.click();
    await expect(centre.getByText(say('validation.required')).first()).toBeVisible();
    await centre.getByLabel(say('security.accounts.bank_name')).fill('S');
    await centre.getByLabel(say('security.accounts.holder_name')).fill('Karim Ahmed');
    await centre.getByLabel(say('security.accounts.account_number')).fill('1'.repeat(40));
    await centre.getByRole('button', { name: say('security.accounts.bind') }).click();
    await expect(
      centre.getByRole('form', { name: say('security.accounts.bind_title') }).locator('[aria-invalid="true"]'),
    ).toHaveCount(2);
    await expectNoRawPlaceholders(page);

    await centre.getByLabel(say('security.accounts.bank_name')).fill('Sonali Bank');
    await centre.getByLabel(say('security.accounts.account_number')).fill('9876543210');
    await centre.getByRole('button', { name: say('security.accounts.bind') }).click();
    await expect(centre.getByText(/Sonali Bank · •••• 3210/)).toBeVisible();
    await centre.getByLabel(say('security.payment_password.login_password')).fill(PASSWORD);
    await centre.getByLabel(say('security.payment_password.new')).fill('482916');
    await centre.getByLabel(say('security.payment_password.confirm')).fill('482916');
    await save.click();
    await expect(centre.getByText(say('security.payment_password.saved'))).toBeVisible();

    // A withdrawal requested, then an attempt the form refuses: the earlier line goes.
    await page.goto('/index?mc=withdraw');
    const requested = centre.getByRole('status').filter({ hasText: /500|৫০০/ });
    await centre.getByLabel(say('withdrawal.amount')).fill('500');
    await centre.getByLabel(say('withdrawal.payment_password')).fill('482916');
    await centre.getByRole('button', { name: say('withdrawal.submit'), exact: true }).click();
    await expect(requested).toBeVisible();
    await centre.getByRole('button', { name: say('withdrawal.submit'), exact: true }).click();
    await expect(centre.getByText(say('withdrawal.errors.amount_invalid'))).toBeVisible();
    await expect(requested).toHaveCount(0);

    const pending = await admin('withdrawal', 'list', '--status', 'pending', '--limit', '50');
    const id = (pending.split('\n').find((line) => line.includes(`\t${result.userName}\t`)) ?? '').split('\t')[0] ?? '';
    expect(await admin('withdrawal', 'approve', id)).toContain('awaiting_confirmation');
    await page.reload();
    const row = centre.getByTestId('withdrawal-row').first();
    await row.getByRole('button', { name: say('withdrawal.actions.not_received') }).click();
    await row.locator('input[type="file"]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PROOF_PNG });
    // The remark (spec §5: 140 characters) counts as the player types and says so, beside it, when it runs over.
    const note = row.getByLabel(say('withdrawal.note'));
    await note.fill('😀'.repeat(141));
    await row.getByRole('button', { name: say('withdrawal.actions.send_report') }).click();
    await expect(note).toHaveAttribute('aria-invalid', 'true');
    await expect(row.getByText(say('validation.remark_too_long').split('{{max}}')[0] as string)).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await shot(page, `remark-too-long-${language}`, isPhone);
    await note.fill('😀'.repeat(140));
    await expect(note).not.toHaveAttribute('aria-invalid', 'true');
    await row.getByRole('button', { name: say('withdrawal.actions.send_report') }).click();
    await expect(row).toContainText(say('withdrawal.status.disputed'));
    await expect(row).toContainText(say('withdrawal.disputed_note'));
    await expect(row.getByRole('button')).toHaveText([
      say('withdrawal.actions.arrived_after_all'),
      say('withdrawal.actions.part_arrived'),
    ]);
    await row.scrollIntoViewIfNeeded();
    await shot(page, `disputed-${language}`, isPhone);
    await row.getByRole('button', { name: say('withdrawal.actions.arrived_after_all') }).click();
    await expect(row).toContainText(say('withdrawal.status.completed'));
  });
}

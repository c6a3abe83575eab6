// Two-factor login with an authenticator app (the "Google code", spec §4): a player turns it on in the security
// centre, and is then asked for the code at login and at a withdrawal. Codes are computed here with the library
// the server checks them with.
import { expect, type Page, test } from '@playwright/test';
import { authenticator } from '../../support/authenticator.js';
import { expectNoRawPlaceholders, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD, registerByApi, startLoggedIn } from './account-kit.js';

test.describe.configure({ timeout: 300_000 });

const shot = async (page: Page, name: string, isPhone: boolean) => {
  await expectNoRawPlaceholders(page);
  await page.screenshot({ path: `/tmp/two-factor-${name}-${isPhone ? 'phone' : 'desktop'}.png`, fullPage: true });
};

for (const language of ['en', 'bn'] as const) {
  test(`a player turns on two-factor and is asked for the code at login and at withdrawal (${language.toUpperCase()})`, async ({
    page,
  }, info) => {
    const isPhone = info.project.name === 'phone';
    const say = (key: string) => text(language, key);
    await skipPopupAnnouncement(page);
    await useLanguage(page, 'en');
    const username = newUsername();
    await startLoggedIn(page, await registerByApi(page.request, username));

    // A balance, a bank account and a payment password, before two-factor asks for anything.
    await page.goto('/index?mc=depositv2');
    const centre = page.getByRole('dialog');
    await centre.getByTestId('deposit-amount').fill('1000');
    await centre.getByTestId('deposit-submit').click();
    await expect(centre.getByTestId('deposit-result')).not.toBeEmpty({ timeout: 30_000 });
    await page.goto('/index?mc=securityCenter');
    await expect(centre.getByRole('heading', { name: 'Account summary' })).toBeVisible({ timeout: 30_000 });
    await centre.getByLabel('Bank name').fill('Sonali Bank');
    await centre.getByLabel('Account holder name').fill('Karim Ahmed');
    await centre.getByLabel('Account number').fill('9876543210');
    await centre.getByRole('button', { name: 'Bind account' }).click();
    await expect(centre.getByText('Sonali Bank · •••• 3210')).toBeVisible();
    await centre.getByLabel('Login password').fill(PASSWORD);
    await centre.getByLabel('New payment password').fill('482916');
    await centre.getByLabel('Confirm payment password').fill('482916');
    await centre.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(centre.getByText('Payment password saved')).toBeVisible();

    // Turn it on: scan (here: read the key), prove a first code, keep the recovery codes.
    await useLanguage(page, language);
    await page.goto('/index?mc=securityCenter');
    await centre.getByRole('button', { name: say('two_factor.set_up') }).click({ timeout: 30_000 });
    const secret = ((await centre.getByTestId('two-factor-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const nextCode = authenticator(secret);
    await expect(centre.getByRole('img', { name: say('two_factor.qr_label') })).toBeVisible();
    await shot(page, `enrol-${language}`, isPhone);
    await centre.getByLabel(say('two_factor.first_code')).fill(await nextCode());
    await centre.getByRole('button', { name: say('two_factor.turn_on') }).click();
    await expect(centre.getByRole('list', { name: say('two_factor.codes_title') }).getByRole('listitem')).toHaveCount(10);
    await shot(page, `recovery-codes-${language}`, isPhone);
    await centre.getByRole('button', { name: say('two_factor.codes_kept') }).click();
    const left = language === 'bn' ? '১০' : '10';
    await expect(centre.getByText(say('two_factor.is_on').replace('{{left}}', left))).toBeVisible();

    // Log in again: after the password, the authenticator's code.
    await page.evaluate(() => {
      window.sessionStorage.removeItem('token');
      window.sessionStorage.removeItem('account');
    });
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: say('accounts.login.title') });
    await login.getByLabel(say('accounts.fields.username')).fill(username);
    await login.getByLabel(say('accounts.fields.password'), { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: say('accounts.login.submit'), exact: true }).click();
    await expect(login.getByText(say('accounts.login_verification.google_intro'))).toBeVisible({ timeout: 30_000 });
    await shot(page, `login-code-${language}`, isPhone);
    await login.getByLabel(say('accounts.login_verification.google_code')).fill(await nextCode());
    await login.getByRole('button', { name: say('accounts.login_verification.submit') }).click();
    await expect(page.getByTestId('header-balance')).toBeVisible({ timeout: 30_000 });

    // A withdrawal asks for it too: a wrong code is refused, the current one goes through.
    await page.goto('/index?mc=withdraw');
    await expect(centre.getByLabel(say('withdrawal.amount'))).toBeVisible({ timeout: 30_000 });
    await centre.getByLabel(say('withdrawal.amount')).fill('500');
    await centre.getByLabel(say('withdrawal.payment_password')).fill('482916');
    const code = centre.getByLabel(say('two_factor.code'));
    await code.fill('000000');
    const withdraw = centre.getByRole('button', { name: say('withdrawal.submit'), exact: true });
    await withdraw.click();
    await expect(centre.getByText(say('errors.twofactor_invalid'))).toBeVisible();
    await code.fill(await nextCode());
    await withdraw.click();
    // The message's words around its amount (the amount leads in Bengali).
    const requested = say('withdrawal.requested')
      .split(/\{\{\w+\}\}/)
      .map((part) => part.trim())
      .find(Boolean) as string;
    await expect(centre.getByText(requested)).toBeVisible();
    await shot(page, `withdrawal-${language}`, isPhone);
  });
}

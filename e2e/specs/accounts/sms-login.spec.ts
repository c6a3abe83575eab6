// Login by SMS code (spec §4, MOBILEVERCODELOGIN3): the code travels through the SMS gateway the server is
// configured with (the stand-in apps/test-sms, over HTTP) and is read where it arrived, as the player's phone
// would. @exclusive: it switches the merchant's SMS-login feature on and off.
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { readDelivered } from '../../support/delivered.js';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newMobile, newUsername, PASSWORD, smsRecipientOf } from './account-kit.js';

test.describe('login by SMS code @exclusive', () => {
  test.describe.configure({ timeout: 60_000 });
  test.beforeAll(async () => {
    await admin('features', 'set', 'MOBILEVERCODELOGIN3', 'on');
  });
  test.afterAll(async () => {
    await admin('features', 'set', 'MOBILEVERCODELOGIN3', 'off');
  });

  test('logs in with the code sent to the registered number', async ({ page }) => {
    await skipPopupAnnouncement(page);
    await useLanguage(page, 'en');
    const username = newUsername();
    const mobile = newMobile();
    await admin('member', 'create', username, '--password', PASSWORD, '--mobile', mobile, '--dial-code', '880');

    await page.goto('/login');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('tab', { name: 'SMS code' }).click();
    const picker = login.getByRole('button', { name: /^(Country code|Choose the country code)/ });
    if (!((await picker.textContent()) ?? '').includes('+880')) {
      await picker.click();
      await login.getByRole('option', { name: /\+880$/ }).click();
    }
    await expect(picker).toHaveAccessibleName('Country code +880, change');

    // Spec §5: the number is checked before a code is sent, and the code is required.
    const number = login.getByRole('textbox', { name: 'Mobile number' });
    await number.fill('12ab');
    await login.getByRole('button', { name: 'Send code' }).click();
    await expect(login.getByText('Please enter a valid mobile number')).toBeVisible();
    await number.fill(mobile);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login.getByText('Input cannot be empty')).toBeVisible();

    await login.getByRole('button', { name: 'Send code' }).click();
    await expect(login.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
    const code = await readDelivered('sms', smsRecipientOf(mobile), /verification code is (\d{6})/);
    await login.getByRole('textbox', { name: 'SMS code' }).fill(code);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login).toHaveCount(0);
    // An SMS login never forces a password change; the first-login step greets the new account.
    await expect(page.getByRole('dialog', { name: 'Change password' })).toHaveCount(0);
    await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Start playing' }).click();
    await expect(page.getByTestId('avatar-button')).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('account'))).toBe(username);
  });
});

// A player who signed up by username keeps a way back in (spec §4, §5): the welcome step points to My account,
// where an e-mail and a mobile are verified with codes that travelled over SMTP to the stand-in mail server and over
// HTTP to the stand-in SMS gateway (scripts/serve-for-e2e.sh); then, logged out, the password is reset by SMS and
// by the link in the mail that arrived, opened in the browser, and the new one logs in. @exclusive: forgot password
// by e-mail is limited to one request per client address per 30 seconds, which the phone and desktop runs would
// otherwise share.
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { readDelivered } from '../../support/delivered.js';
import { saveShot, skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newMobile, newUsername, PASSWORD, smsRecipientOf, watchCaptchas } from './account-kit.js';

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  await admin('features', 'set', 'CHNGPASSVERIF3', 'on');
});

async function chooseBangladesh(scope: ReturnType<Page['getByRole']>) {
  const picker = scope.getByRole('button', { name: /^(Country code|Choose the country code)/ });
  if (!((await picker.textContent()) ?? '').includes('+880')) {
    await picker.click();
    await scope.getByRole('option', { name: /\+880$/ }).click();
  }
  await expect(picker).toHaveAccessibleName('Country code +880, change');
}

async function signOut(page: Page) {
  await page.getByTestId('avatar-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
}

async function openForgotPassword(page: Page) {
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot password?' }).click();
  return page.getByRole('dialog', { name: 'Forgot password' });
}

test('binds and verifies an e-mail and a mobile, then resets the password by SMS and by e-mail @exclusive', async ({
  page,
}, info) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const captchas = watchCaptchas(page);
  const username = newUsername();
  const email = `${username}@example.com`;
  const mobile = newMobile();

  // Sign up by username: the welcome step offers a recovery address, without insisting.
  await page.goto('/register');
  const register = page.getByRole('dialog', { name: /Sign up/ });
  await register.getByLabel('Username', { exact: true }).fill(username);
  await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await register.getByLabel('Confirm password').fill(PASSWORD);
  await register.getByRole('checkbox', { name: /18 years of age or older/ }).check();
  await register.getByRole('button', { name: 'Sign up' }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await expect(welcome.getByRole('heading', { name: 'Keep a way back into your account' })).toBeVisible();
  await welcome.getByRole('button', { name: 'Add e-mail or mobile' }).click();

  // My account: bind the e-mail with the mailed code.
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  const recovery = centre.getByTestId('recovery-contacts');
  await expect(recovery.getByRole('heading', { name: 'Account recovery' })).toBeVisible();
  await recovery.getByRole('button', { name: 'Add E-mail' }).click();
  const emailForm = recovery.getByRole('form', { name: 'Verify an e-mail address' });
  await emailForm.getByLabel('E-mail address').fill(email);
  await emailForm.getByRole('button', { name: 'Send code' }).click();
  await expect(emailForm.getByText(`We have sent a code to ${email}. Enter it here.`)).toBeVisible();
  await saveShot(page, info, 'recovery-email-code-sent-en');
  const emailCode = await readDelivered('mail', email, /for the account \w+ is (\d{6})\./);
  await emailForm
    .getByRole('textbox', { name: 'Code you received', exact: true })
    .fill(emailCode === '000000' ? '000001' : '000000');
  await emailForm.getByRole('button', { name: 'Verify' }).click();
  await expect(emailForm.getByRole('alert')).toBeVisible();
  await emailForm.getByRole('textbox', { name: 'Code you received', exact: true }).fill(emailCode);
  await emailForm.getByRole('button', { name: 'Verify' }).click();
  await expect(recovery.getByText('Your e-mail is verified. A password reset can now reach it.')).toBeVisible();
  await expect(recovery.getByText(`${email[0]}***@example.com`)).toBeVisible();

  // And the mobile with the SMS code.
  await recovery.getByRole('button', { name: 'Add Mobile' }).click();
  const mobileForm = recovery.getByRole('form', { name: 'Verify a mobile number' });
  await chooseBangladesh(mobileForm);
  await mobileForm.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await mobileForm.getByRole('button', { name: 'Send code' }).click();
  await expect(mobileForm.getByText(`We have sent a code by SMS to +880 ${mobile}. Enter it here.`)).toBeVisible();
  const mobileCode = await readDelivered('sms', smsRecipientOf(mobile), /for the account \w+ is (\d{6})\./);
  await mobileForm.getByRole('textbox', { name: 'Code you received', exact: true }).fill(mobileCode);
  await mobileForm.getByRole('button', { name: 'Verify' }).click();
  await expect(recovery.getByText('Your mobile is verified. A password reset can now reach it by SMS.')).toBeVisible();
  await expect(recovery.getByText('Verified', { exact: true })).toHaveCount(2);
  await saveShot(page, info, 'recovery-verified-en');
  await page.goto('/index');

  // Forgot password by SMS: a code to the verified mobile, a new password, logged in.
  await signOut(page);
  let forgot = await openForgotPassword(page);
  await forgot.getByRole('tab', { name: 'By phone' }).click();
  await chooseBangladesh(forgot);
  await forgot.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await forgot.getByRole('button', { name: 'Send code' }).click();
  await expect(
    forgot.getByText(`If an account has verified +880 ${mobile}, we have sent a code to it. It works once, for 5 minutes.`),
  ).toBeVisible();
  await saveShot(page, info, 'forgot-by-sms-sent-en');
  const resetCode = await readDelivered('sms', smsRecipientOf(mobile), /password reset code is (\d{6})/);
  const bySms = `${PASSWORD}s`;
  await forgot.getByRole('textbox', { name: 'SMS code' }).fill(resetCode);
  await forgot.getByLabel('New password', { exact: true }).fill(bySms);
  await forgot.getByLabel('Confirm new password').fill(bySms);
  await forgot.getByRole('button', { name: 'Save new password' }).click();
  await expect(forgot).toHaveCount(0);
  await expect(page.getByTestId('avatar-button')).toBeVisible();

  // Forgot password by e-mail: the form's checks, the captcha, the truthful notice, the mailed link.
  await signOut(page);
  forgot = await openForgotPassword(page);
  const send = forgot.getByRole('button', { name: 'Send reset link' });
  await send.click();
  await expect(forgot.getByText('Input cannot be empty')).toHaveCount(3);
  await forgot.getByLabel('Username', { exact: true }).fill(username);
  await forgot.getByLabel('Email', { exact: true }).fill('not-an-email');
  await forgot.getByLabel('Verification code', { exact: true }).fill('0000');
  await send.click();
  await expect(forgot.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await forgot.getByLabel('Email', { exact: true }).fill(email);
  await expect(forgot.getByRole('img', { name: 'Verification code picture' })).toBeVisible();
  await forgot.getByLabel('Verification code', { exact: true }).fill(await captchas.answer());
  await send.click();
  await expect(forgot.getByRole('status').first()).toHaveText(
    'If this account has this e-mail address, verified, we have sent a reset link to it. The link works once, for 30 minutes. Nothing arrived? Check your spam folder.',
  );
  // The mailed link names the merchant's main domain, which is the server under test here: its path opens there.
  const link = await readDelivered('mail', email, /(\/resetPassword\?token=[\w-]+)/);
  await page.goto(link);
  const reset = page.getByRole('dialog', { name: 'Choose a new password' });
  const byEmail = `${PASSWORD}e`;
  await reset.getByLabel('New password', { exact: true }).fill(byEmail);
  await reset.getByLabel('Confirm new password').fill(bySms);
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(reset.getByText('Incorrect confirmation input')).toBeVisible();
  await reset.getByLabel('Confirm new password').fill(byEmail);
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(reset.getByRole('status')).toHaveText('Your password has been changed. You can now log in with it.');
  await reset.getByRole('button', { name: 'OK' }).click();

  // The old passwords no longer work; the new one does.
  await page.getByRole('link', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username', { exact: true }).fill(username);
  await login.getByLabel('Password', { exact: true }).fill(bySms);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toBeVisible();
  await login.getByLabel('Password', { exact: true }).fill(byEmail);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toHaveCount(0);
  await expect(page.getByTestId('avatar-button')).toBeVisible();
});

// Screenshots of the account-recovery screens, BN and EN, at the project's size: the welcome step's prompt, My
// account's recovery section with a form open, and forgot password by phone (E2E_SHOTS_DIR keeps them). Nothing
// is sent, so the phone and desktop runs share no limit.
import { expect, test } from '@playwright/test';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD } from './account-kit.js';

test.describe.configure({ timeout: 90_000 });

for (const language of ['bn', 'en'] as const) {
  test(`account recovery screens in ${language.toUpperCase()}`, async ({ page }, testInfo) => {
    const t = (key: string) => text(language, key);
    const shot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready);
      await saveShot(page, testInfo, `${name}-${testInfo.project.name}-${language}`);
    };
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);

    await page.goto('/register');
    const register = page.getByRole('dialog', { name: new RegExp(t('accounts.register.title')) });
    await register.getByLabel(t('accounts.fields.username'), { exact: true }).fill(newUsername());
    await register.getByLabel(t('accounts.fields.password'), { exact: true }).fill(PASSWORD);
    await register.getByLabel(t('accounts.fields.confirm_password')).fill(PASSWORD);
    for (const box of await register.getByRole('checkbox').all()) await box.check();
    await register.getByRole('button', { name: t('accounts.register.submit') }).click();

    const welcome = page.getByRole('dialog', { name: t('accounts.first_login.title') });
    const prompt = welcome.getByRole('button', { name: t('accounts.first_login.recovery_open') });
    await prompt.scrollIntoViewIfNeeded();
    await expect(prompt).toBeVisible();
    await shot('welcome-recovery');
    await prompt.click();

    const recovery = page.getByTestId('recovery-contacts');
    await expect(recovery.getByText(t('security.recovery.none'))).toHaveCount(2);
    await recovery.scrollIntoViewIfNeeded();
    await shot('recovery-section');
    const mobile = t('security.recovery.mobile');
    await recovery.getByRole('button', { name: t('security.recovery.add_label').replace('{{contact}}', mobile) }).click();
    const form = recovery.getByRole('form', { name: t('security.recovery.mobile_form') });
    await form.getByRole('button', { name: t('security.recovery.verify') }).click();
    await expect(form.getByText(t('validation.required')).first()).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await shot('recovery-mobile-form');

    await page.evaluate(() => window.sessionStorage.removeItem('token'));
    await page.goto('/login');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('accounts.login.forgot') })
      .click();
    const forgot = page.getByRole('dialog', { name: t('accounts.forgot.title') });
    await forgot.getByRole('tab', { name: t('accounts.forgot.by_phone') }).click();
    await expect(forgot.getByText(t('accounts.forgot.no_contact'))).toBeVisible();
    await shot('forgot-by-phone');
    await forgot.getByRole('tab', { name: t('accounts.forgot.by_email') }).click();
    await expect(forgot.getByText(t('accounts.forgot.email_hint'))).toBeVisible();
    await shot('forgot-by-email');
  });
}

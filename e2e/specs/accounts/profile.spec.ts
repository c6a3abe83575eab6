// The profile page (members centre `profile`): a player sets a nickname and uploads a photo straight from a phone
// camera (EXIF with a position in it), which the header then shows re-encoded without it; binds an e-mail with the
// code read where the mail arrived (the stand-in mail server); and, with two-factor on, is asked the authenticator's code before a password change.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { authenticator } from '../../support/authenticator.js';
import { readDelivered } from '../../support/delivered.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD, registerByApi, startLoggedIn } from './account-kit.js';

test.describe.configure({ timeout: 240_000 });

/** A JPEG as a phone camera writes it: maker, model and a GPS position in its EXIF. */
const cameraPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 23/1 0/1' },
    })
    .toBuffer();

async function seriousViolations(page: Page) {
  const scan = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const language of ['en', 'bn'] as const) {
  test(`a player sets a nickname and an avatar, binds an e-mail, and gives the code before a password change (${language.toUpperCase()})`, async ({
    page,
  }, info) => {
    const say = (key: string, params: Record<string, string> = {}) =>
      Object.entries(params).reduce((line, [name, value]) => line.replace(`{{${name}}}`, value), text(language, key));
    const shot = (name: string) => saveShot(page, info, `profile-${name}-${language}-${info.project.name}`);
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    const username = newUsername();
    const session = await registerByApi(page.request, username);
    const authorization = { authorization: session.token };
    await startLoggedIn(page, session);

    await page.goto('/index?mc=profile');
    const centre = page.getByRole('dialog', { name: say('members_centre.title') });
    const profile = centre.getByTestId('profile-page');
    // The page's chunk loads lazily: room for a loaded machine.
    await expect(profile.getByRole('heading', { name: say('profile.title') })).toBeVisible({ timeout: 60_000 });

    // Nickname.
    const nickname = `Star${username.slice(-6)}`;
    const nicknameForm = profile.getByRole('form', { name: say('accounts.fields.nickname') });
    await nicknameForm.getByRole('textbox').fill(nickname);
    await nicknameForm.getByRole('button', { name: say('profile.nickname_save') }).click();
    await expect(nicknameForm.getByText(say('profile.nickname_saved'))).toBeVisible();

    // A photo with EXIF: stored without it, and the header's avatar shows it.
    const photo = await cameraPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    await profile.getByTestId('avatar-upload').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(profile.getByTestId('avatar-status')).toHaveText(say('profile.avatar.saved'), { timeout: 30_000 });
    const headerPicture = page.getByTestId('avatar-button').locator('img');
    await expect(headerPicture).toHaveAttribute('src', /^\/media\/avatars\/[\w-]{22}\.webp$/);
    await expect.poll(() => headerPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(256);
    const stored = await page.request.get((await headerPicture.getAttribute('src')) as string);
    expect(stored.headers()['cache-control']).toContain('immutable');
    const storedMeta = await sharp(await stored.body()).metadata();
    expect(storedMeta.format).toBe('webp');
    expect(storedMeta.exif).toBeUndefined();
    await shot('avatar');

    // The e-mail, with the code from the mail.
    const email = `${username}@example.com`;
    const recovery = profile.getByTestId('recovery-contacts');
    await recovery
      .getByRole('button', { name: say('security.recovery.add_label', { contact: say('security.recovery.email') }) })
      .click();
    const emailForm = recovery.getByRole('form', { name: say('security.recovery.email_form') });
    await emailForm.getByLabel(say('security.recovery.email_address')).fill(email);
    // The phone and desktop runs share one client address, and a second send within a second is refused (a warning):
    // then send again.
    const warning = page.getByRole('dialog', { name: say('accounts.warning.title') });
    const send = emailForm.getByRole('button', { name: say('accounts.sms.send') });
    const sent = emailForm.getByText(say('security.recovery.email_sent', { address: email }));
    await expect(async () => {
      if (await sent.isVisible()) return;
      if (await warning.isVisible()) await warning.getByRole('button').last().click();
      if ((await send.count()) > 0 && (await send.isEnabled())) await send.click();
      await expect(sent).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(emailForm.getByRole('button', { name: /\d|[০-৯]/ })).toBeDisabled();
    const code = await readDelivered('mail', email, /(?<!\d)(\d{6})[.।]/);
    await emailForm.getByRole('textbox', { name: say('security.recovery.code'), exact: true }).fill(code);
    await emailForm.getByRole('button', { name: say('security.recovery.verify') }).click();
    await expect(recovery.getByText(say('security.recovery.email_done'))).toBeVisible();
    await expect(recovery.getByText(`${email[0]}***@example.com`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot('page');

    // Two-factor on (through the API: its own spec covers the screens), then a password change asks for the code.
    const started = await (await page.request.post('/wps/member/two-factor/enrolment', { headers: authorization })).json();
    const nextCode = authenticator(started.value.secret as string);
    const confirmed = await page.request.post('/wps/member/two-factor/enrolment/confirm', {
      headers: authorization,
      data: { code: await nextCode() },
    });
    expect((await confirmed.json()).success).toBe(true);
    await page.goto('/index');
    await page.getByTestId('avatar-button').click();
    await page.getByRole('menuitem', { name: say('accounts.menu.change_password') }).click();
    const popup = page.getByRole('dialog', { name: say('accounts.password.change_title') });
    const googleCode = popup.getByLabel(say('two_factor.code'));
    await expect(googleCode).toBeVisible({ timeout: 30_000 });
    const newPassword = `${PASSWORD}x`;
    await popup.getByLabel(say('accounts.fields.old_password')).fill(PASSWORD);
    await popup.getByLabel(say('accounts.fields.new_password'), { exact: true }).fill(newPassword);
    await popup.getByLabel(say('accounts.fields.confirm_new_password')).fill(newPassword);
    const save = popup.getByRole('button', { name: say('accounts.password.change_submit') });
    await save.click();
    await expect(popup.getByText(say('validation.required'))).toBeVisible();
    const passwordCode = await nextCode();
    await googleCode.fill(passwordCode === '000000' ? '000001' : '000000');
    await save.click();
    await expect(popup.getByText(say('errors.twofactor_invalid'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot('password-code');
    await googleCode.fill(passwordCode);
    await save.click();
    await expect(popup.getByText(say('accounts.password.changed'))).toBeVisible();
  });
}

// Screenshots of the login and register popups and the logged-in header, BN and EN, at the project's size
// (E2E_SHOTS_DIR=/tmp/shots-accounts keeps them for people to look at).
import { expect, test } from '@playwright/test';
import { saveShot, skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from './account-kit.js';

// Several popups and server round trips per test: more time than a one-screen check needs on a busy machine.
test.describe.configure({ timeout: 60_000 });

for (const language of ['bn', 'en'] as const) {
  test(`account popups and header in ${language.toUpperCase()}`, async ({ page: visitor, request }, testInfo) => {
    await skipPopupAnnouncement(visitor);
    await useLanguage(visitor, language);
    for (const popup of ['login', 'register'] as const) {
      await visitor.goto(`/${popup}`);
      const dialog = visitor.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: /./ }).last()).toBeVisible();
      await expect(dialog.locator('[role="status"]')).toHaveCount(0);
      await visitor.evaluate(() => document.fonts.ready);
      await saveShot(visitor, testInfo, `${popup}-${testInfo.project.name}-${language}`);
    }

    // The same page, now with a member's session (placed before the next navigation).
    const member = visitor;
    await startLoggedIn(member, await registerByApi(request, newUsername()));
    await member.goto('/index');
    await member.getByTestId('avatar-button').click();
    await expect(member.getByTestId('avatar-summary')).toContainText('VIP0');
    await member.evaluate(() => document.fonts.ready);
    await saveShot(member, testInfo, `header-${testInfo.project.name}-${language}`);
  });
}

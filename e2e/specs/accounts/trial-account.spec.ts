// Free play (FREEPLAY3, on by default) logs in a trial account (agent type 4); a gated action then shows
// 'in_need_true_account' and is blocked (spec §5).
import { expect, type Page, test } from '@playwright/test';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';

/** The server allows one trial account per address per 10 s; the two projects share an address. */
async function startFreePlay(page: Page) {
  const login = page.getByRole('dialog', { name: 'Log in' });
  for (let attempt = 0; attempt < 4; attempt++) {
    await login.getByRole('button', { name: 'Free play (trial account)' }).click();
    const outcome = await Promise.race([
      login.waitFor({ state: 'detached' }).then(() => 'in' as const),
      login
        .getByRole('alert')
        .waitFor()
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    await page.waitForTimeout(10_500);
  }
  throw new Error('free play kept being refused');
}

test('a trial account is blocked from deposit and the members centre', async ({ page }) => {
  test.setTimeout(90_000);
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await page.goto('/login');
  await startFreePlay(page);
  // A new trial account is a first login: the welcome comes first.
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Start playing' }).click();
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('isAgent'))).toBe('4');

  await page.getByTestId('account-header').getByRole('button', { name: 'Deposit' }).click();
  const warning = page.getByRole('dialog', { name: 'Notice' });
  await expect(warning).toContainText('This function needs a real account.');
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(warning).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('mc')).toBeNull();

  await page.getByTestId('avatar-button').click();
  await page.getByRole('menuitem', { name: 'Members centre' }).click();
  await expect(page.getByRole('dialog', { name: 'Notice' })).toContainText('This function needs a real account.');
  expect(new URL(page.url()).searchParams.get('mc')).toBeNull();
});

import { expect, type Page } from '@playwright/test';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

/** A new player with ৳1,000 from the demo deposit channel (deposited in English: the amount buttons' text), then `language`. */
export async function fundedPlayer(page: Page, language: 'en' | 'bn') {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await startLoggedIn(page, await registerByApi(page.request, newUsername()));
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog');
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');
  // A later init script runs after the first one, so its language wins from the next navigation on.
  if (language !== 'en') await useLanguage(page, language);
}

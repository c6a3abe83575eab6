// A player opens a free bonus offered to them, presses Claim, and finds the bonus with its wagering in the promotion
// and in the members centre's bonus details. English on desktop, Bengali on a phone, with an accessibility scan.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../../support/back-office.js';
import { isPhoneProject, saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';
import { createPromotion, uniqueTitle } from './promotion-kit.js';

test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };

test('claims a free bonus on opt-in and sees it in bonus details', async ({ page }, info) => {
  const language = isPhoneProject(info) ? 'bn' : 'en';
  const account = newUsername();
  const session = await registerByApi(page.request, account);
  const title = uniqueTitle('Gift');
  // Offered to this player only: every other spec's players see /promotions meanwhile.
  const id = await createPromotion(page.request, {
    type: 'free',
    texts: { en: { title, body: 'A bonus for joining in.' }, bn: { title: `${title} উপহার`, body: 'অংশ নেওয়ার জন্য বোনাস।' } },
    audience: 'members',
    accounts: [account],
    fixedBonusMinor: '5000',
    bonusCapMinor: '5000',
    wageringMultiplier: 10,
  });
  await skipPopupAnnouncement(page);
  await useLanguage(page, language);
  await startLoggedIn(page, session);

  await page.goto(`/promoDetail?id=${id}`);
  const status = page.getByTestId('promotion-status');
  await expect(status).toContainText(text(language, 'promotions.status.claim'), LOADED);
  await page.getByTestId('promotion-join').click();
  await expect(status).toContainText(text(language, 'promotions.status.process'), LOADED);
  const progress = page.getByTestId('bonus-progress');
  await expect(progress).toBeVisible(LOADED);
  if (language === 'en') await expect(progress.getByTestId('bonus-balance')).toHaveText('৳ 50.00');
  else await expect(progress.getByTestId('bonus-balance')).toHaveText('৳ ৫০.০০');
  await expect(page.getByTestId('promotion-join')).toHaveCount(0);
  await saveShot(page, info, `free-bonus-claimed-${language}-${info.project.name}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/index?mc=bonusDetails');
  const centre = page.getByRole('dialog');
  await expect(centre.getByTestId('bonus-balance')).toHaveText(language === 'en' ? '৳ 50.00' : '৳ ৫০.০০', LOADED);
  await expect(centre.getByTestId('bonus-wagering')).toContainText(language === 'en' ? '৳ 500.00' : '৳ ৫০০.০০');
  await saveShot(page, info, `free-bonus-details-${language}-${info.project.name}`);
  expect(await seriousViolations(page)).toEqual([]);
});

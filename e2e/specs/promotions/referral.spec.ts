// A member shares the invite link of "invite friends"; a new player opens it, registers through it and opts into
// the sign-up bonus on the form, then makes a first deposit; the referrer sees the friend (masked) and the reward.
// Phone and desktop; the referrer's page in English and Bengali.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD, registerByApi, startLoggedIn } from '../accounts/account-kit.js';
import { createPromotion, uniqueTitle } from './promotion-kit.js';

test.describe.configure({ timeout: 240_000 });
// The newest open programme and sign-up bonus are the ones offered, and the phone and desktop runs each add one with
// the same terms: the checks below read the terms, not which run's title is in force.
const expectSoon = expect.configure({ timeout: 30_000 });

test('a friend registers through the invite link with the sign-up bonus, deposits, and the referrer sees the reward', async ({
  page,
}, info) => {
  const programme = uniqueTitle('Invite');
  await createPromotion(page.request, {
    type: 'referral',
    texts: { en: { title: programme, body: 'Invite your friends.' }, bn: { title: `${programme} বন্ধু`, body: 'বন্ধুদের আমন্ত্রণ।' } },
    fixedBonusMinor: '5000',
    bonusCapMinor: '5000',
    minDepositMinor: '10000',
    wageringMultiplier: 0,
    referralTrigger: 'first_deposit',
  });
  const welcome = uniqueTitle('Welcome');
  await createPromotion(page.request, {
    type: 'signup',
    audience: 'new',
    texts: { en: { title: welcome, body: 'A sign-up bonus.' }, bn: { title: `${welcome} স্বাগতম`, body: 'নিবন্ধন বোনাস।' } },
    fixedBonusMinor: '2000',
    bonusCapMinor: '2000',
    wageringMultiplier: 5,
  });

  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const referrer = newUsername();
  await startLoggedIn(page, await registerByApi(page.request, referrer));
  await page.goto('/index?mc=referral');
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await expectSoon(centre.getByTestId('referral-programme')).toContainText('Reward: ৳ 50.00 in cash for each friend.');
  await expectSoon(centre.getByText(text('en', 'promotions.referral.empty'))).toBeVisible();
  const link = (await centre.getByTestId('invite-link').textContent()) ?? '';
  expect(link).toMatch(/\/register\?referralCode=[A-Z2-9]{8}$/);
  await saveShot(page, info, `referral-empty-en-${info.project.name}`);
  expect(await seriousViolations(page)).toEqual([]);

  // The friend opens the link in a tab of their own (the session lives in the tab's session storage).
  const friend = await page.context().newPage();
  await skipPopupAnnouncement(friend);
  await useLanguage(friend, 'en');
  await friend.goto(new URL(link).pathname + new URL(link).search);
  const register = friend.getByRole('dialog', { name: new RegExp(text('en', 'accounts.register.title')) });
  await expectSoon(register.getByTestId('register-referral')).toBeVisible();
  const friendName = newUsername();
  await register.getByLabel(text('en', 'accounts.fields.username'), { exact: true }).fill(friendName);
  await register.getByLabel(text('en', 'accounts.fields.password'), { exact: true }).fill(PASSWORD);
  await register.getByLabel(text('en', 'accounts.fields.confirm_password')).fill(PASSWORD);
  const bonusBox = register.getByLabel(/^Yes, give me the sign-up bonus: Welcome [a-z]+$/);
  await expectSoon(bonusBox).not.toBeChecked();
  await bonusBox.check();
  await register.getByLabel(text('en', 'accounts.register.age_consent').replace('{{age}}', '18')).check();
  await saveShot(friend, info, `referral-register-en-${info.project.name}`);
  await register.getByRole('button', { name: text('en', 'accounts.register.submit') }).click();
  await expectSoon(register).toBeHidden();

  await friend.goto('/index?mc=bonusDetails');
  const friendCentre = friend.getByRole('dialog', { name: 'Members centre' });
  await expectSoon(friendCentre.getByTestId('bonus-progress')).toContainText(/Welcome [a-z]+/);
  await expect(friendCentre.getByTestId('bonus-balance')).toHaveText('৳ 20.00');
  await friend.goto('/index?mc=depositv2');
  await friendCentre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await friendCentre.getByTestId('deposit-submit').click();
  await expectSoon(friendCentre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');
  await friend.close();

  const masked = `${friendName[0]}***${friendName.at(-1)}`;
  await page.goto('/index?mc=referral');
  await expectSoon(centre.getByTestId('referral-friend')).toHaveText(masked);
  await expectSoon(centre.getByTestId('referral-rewards')).toContainText('৳ 50.00');
  await expect(centre.locator('[data-state="rewarded"]')).toHaveText(text('en', 'promotions.referral.state.rewarded'));
  await saveShot(page, info, `referral-rewarded-en-${info.project.name}`);

  await useLanguage(page, 'bn');
  await page.goto('/index?mc=referral');
  const centreBn = page.getByRole('dialog', { name: text('bn', 'members_centre.title') });
  await expectSoon(centreBn.getByTestId('referral-rewards')).toContainText('৳ ৫০.০০');
  await saveShot(page, info, `referral-rewarded-bn-${info.project.name}`);
  expect(await seriousViolations(page)).toEqual([]);
});

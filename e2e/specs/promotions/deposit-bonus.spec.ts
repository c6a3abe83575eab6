// A player joins a first-deposit match, deposits, plays the slot from cash until the wagering is met and sees the
// bonus become cash; a player with a bonus in progress who opens the withdrawal sees exactly what a withdrawal now
// forfeits and must confirm it. Both on phone and desktop, in English and Bengali.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { bindBankAndPaymentPassword, newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';
import { openFromLobby } from '../games/player-kit.js';
import { createPromotion, uniqueTitle } from './promotion-kit.js';

test.describe.configure({ timeout: 240_000 });
// Screens that load their data after the page: on a loaded machine that takes longer than the default 10 s.
const expectSoon = expect.configure({ timeout: 30_000 });

/** One spin in the /game frame, settled: a new round id shows. */
async function spin(page: Page, label: string) {
  const frame = page.frameLocator('[data-testid="game-frame"]');
  const round = frame.getByText(/#\d+/);
  const before = (await round.count()) > 0 ? await round.first().textContent() : null;
  await frame.getByRole('button', { name: label, exact: true }).click();
  await expect(async () => {
    expect(await round.first().textContent()).not.toBe(before);
  }).toPass({ timeout: 20_000 });
}

async function checkAxe(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('joins a first-deposit match, deposits, wagers it on the slot and sees the bonus convert to cash', async ({
  page,
}, info) => {
  const title = uniqueTitle('Match');
  const id = await createPromotion(page.request, {
    type: 'first_deposit',
    texts: { en: { title, body: 'Double your first deposit.' }, bn: { title: `${title} বাংলা`, body: 'প্রথম জমা দ্বিগুণ।' } },
    matchPercent: 100,
    bonusCapMinor: '100000',
    minDepositMinor: '10000',
    wageringMultiplier: 1,
  });
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await startLoggedIn(page, await registerByApi(page.request, newUsername()));

  await page.goto(`/promoDetail?id=${id}`);
  await expectSoon(page.getByTestId('promotion-status')).toContainText('Join');
  await page.getByTestId('promotion-join').click();
  await expectSoon(page.getByTestId('promotion-status')).toContainText('Joined');
  await saveShot(page, info, `promo-joined-en-${info.project.name}`);
  await checkAxe(page);

  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await expectSoon(centre.getByTestId('deposit-bonus-joined')).toContainText(title);
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expectSoon(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');

  await page.goto('/index?mc=bonusDetails');
  await expectSoon(centre.getByTestId('bonus-balance')).toHaveText('৳ 1,000.00');
  await expectSoon(centre.getByTestId('bonus-wagering')).toContainText('৳ 0.00 of ৳ 1,000.00');
  await saveShot(page, info, `promo-progress-en-${info.project.name}`);
  await checkAxe(page);

  // Lotus Fortune at ৳200 a spin: five spins from cash (wins only add to it) meet the ৳1,000 requirement.
  await page.goto('/rng');
  await openFromLobby(page, /Lotus Fortune Tessera/);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  for (let i = 0; i < 6; i++) await frame.getByRole('button', { name: 'Raise bet' }).click();
  await expectSoon(frame.locator('.bet-value')).toHaveText('৳200.00');
  for (let i = 0; i < 5; i++) await spin(page, 'Spin');

  await page.goto(`/promoDetail?id=${id}`);
  await expectSoon(page.getByTestId('promotion-status')).toContainText('Claimed');
  await expectSoon(page.getByTestId('bonus-converted')).toHaveText('৳ 1,000.00');
  await saveShot(page, info, `promo-claimed-en-${info.project.name}`);
  await checkAxe(page);
});

test('warns a player withdrawing during wagering of exactly what is forfeited (Bengali)', async ({ page }, info) => {
  const title = uniqueTitle('Free');
  const id = await createPromotion(page.request, {
    type: 'free',
    texts: { en: { title, body: 'A free bonus.' }, bn: { title: `${title} বোনাস`, body: 'একটি ফ্রি বোনাস।' } },
    fixedBonusMinor: '5000',
    bonusCapMinor: '5000',
    wageringMultiplier: 10,
  });
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await startLoggedIn(page, await registerByApi(page.request, newUsername()));
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expectSoon(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');
  await bindBankAndPaymentPassword(page, '9876 5432 10');

  await useLanguage(page, 'bn');
  await page.goto(`/promoDetail?id=${id}`);
  await page.getByTestId('promotion-join').click({ timeout: 30_000 });
  await expectSoon(page.getByTestId('promotion-status')).toContainText(text('bn', 'promotions.status.process'));
  await expectSoon(page.getByTestId('bonus-progress')).toBeVisible();
  await saveShot(page, info, `promo-process-bn-${info.project.name}`);
  await checkAxe(page);

  await page.goto('/index?mc=withdraw');
  const centreBn = page.getByRole('dialog', { name: text('bn', 'members_centre.title') });
  const warning = centreBn.getByTestId('bonus-forfeit-warning');
  await expectSoon(warning).toContainText(`${title} বোনাস`);
  await expectSoon(warning).toContainText('৳ ৫০.০০');
  await saveShot(page, info, `promo-forfeit-bn-${info.project.name}`);
  await checkAxe(page);
  await centreBn.getByLabel(text('bn', 'withdrawal.amount')).fill('500');
  await centreBn.getByLabel(text('bn', 'withdrawal.payment_password')).fill('482916');
  await centreBn.getByRole('button', { name: text('bn', 'withdrawal.submit'), exact: true }).click();
  await expectSoon(centreBn.getByRole('alert')).toContainText(text('bn', 'errors.promo_bonus_forfeit_unconfirmed'));
  await centreBn.getByTestId('bonus-forfeit-confirm').check();
  await centreBn.getByLabel(text('bn', 'withdrawal.payment_password')).fill('482916');
  await centreBn.getByRole('button', { name: text('bn', 'withdrawal.submit'), exact: true }).click();
  await expectSoon(centreBn.getByTestId('bonus-forfeit-warning')).toBeHidden();
  await page.goto(`/promoDetail?id=${id}`);
  await expectSoon(page.getByTestId('promotion-status')).toContainText(text('bn', 'promotions.reason.forfeited'));
});

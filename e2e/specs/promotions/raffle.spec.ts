// A player earns raffle tickets by playing the slot and sees them with the draw's countdown and the seed's
// commitment; staff draw the raffle through the back office's call; the player sees the winners (masked) with the
// revealed seed, verifies the draw in the browser, claims the prize, and the balance follows. The raffle is for this
// player alone (its audience names the account), so other specs' bets never win it. Phone and desktop, EN and BN.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';
import { openFromLobby } from '../games/player-kit.js';
import { createPromotion, saveRaffleTerms, uniqueTitle } from './promotion-kit.js';

test.describe.configure({ timeout: 240_000 });
const expectSoon = expect.configure({ timeout: 30_000 });

/** One spin in the /game frame, settled: a new round id shows. */
async function spin(page: Page) {
  const frame = page.frameLocator('[data-testid="game-frame"]');
  const round = frame.getByText(/#\d+/);
  const before = (await round.count()) > 0 ? await round.first().textContent() : null;
  await frame.getByRole('button', { name: 'Spin', exact: true }).click();
  await expect(async () => {
    expect(await round.first().textContent()).not.toBe(before);
  }).toPass({ timeout: 20_000 });
}

/** The header's balance in minor units (English digits). */
async function headerBalance(page: Page): Promise<number> {
  const shown = (await page.getByTestId('header-balance-amount').textContent()) ?? '';
  return Math.round(Number(shown.replace(/[^0-9.]/g, '')) * 100);
}

test('a player earns raffle tickets on the slot, the raffle is drawn, the winner claims and the balance follows', async ({
  page,
}, info) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  const username = newUsername();
  await startLoggedIn(page, await registerByApi(page.request, username));
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog');
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expectSoon(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');

  const title = uniqueTitle('Lucky');
  const id = await createPromotion(page.request, {
    type: 'raffle',
    texts: { en: { title, body: 'Play the slots, win a prize.' }, bn: { title: `${title} ড্র`, body: 'স্লট খেলুন, পুরস্কার জিতুন।' } },
    bonusCapMinor: '5000',
    wageringMultiplier: 1,
    audience: 'members',
    accounts: [username],
  });
  const staff = await staffToken(page.request, `raffle${randomUUID().slice(0, 8)}`, 'owner');
  await saveRaffleTerms(page.request, id, staff);

  await page.goto('/rng');
  await openFromLobby(page, /Lotus Fortune Tessera/);
  await spin(page);
  await spin(page);

  await page.goto(`/promoDetail?id=${id}`);
  const raffle = page.getByTestId('raffle');
  await expectSoon(raffle.getByTestId('raffle-my-tickets')).toContainText(/Your tickets: [1-9]/);
  await expect(raffle.getByTestId('raffle-countdown')).toContainText(/\d d \d\d:\d\d:\d\d/);
  const commitment = (await raffle.getByTestId('raffle-seed-hash').textContent()) ?? '';
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('promotion-status')).toContainText('In progress');
  await saveShot(page, info, `raffle-open-en-${info.project.name}`);
  expect(await seriousViolations(page)).toEqual([]);

  await useLanguage(page, 'bn');
  await page.goto(`/promoDetail?id=${id}`);
  await expectSoon(page.getByTestId('raffle-my-tickets')).toContainText(/আপনার টিকিট: [১-৯]/);
  await expect(page.getByTestId('raffle-countdown')).toContainText(/[০-৯] দিন [০-৯]{2}:[০-৯]{2}:[০-৯]{2}/);
  await saveShot(page, info, `raffle-open-bn-${info.project.name}`);

  const drawn = await page.request.post('/bo/api/promotions/raffle/draw', {
    headers: { authorization: staff },
    data: { promotionId: id },
  });
  const result = (await drawn.json()).value;
  expect(result.winners).toEqual([expect.objectContaining({ place: 1, account: username, state: 'won' })]);

  await page.goto(`/promoDetail?id=${id}`);
  await expectSoon(page.getByTestId('raffle-winners')).toBeVisible();
  await expect(page.getByTestId('raffle-server-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('raffle-seed-hash')).toHaveText(commitment);
  await page.getByTestId('raffle-verify').click();
  await expectSoon(page.getByTestId('raffle-verified')).toHaveText(text('bn', 'raffle.verified'));
  await expect(page.getByTestId('raffle-claim')).toBeVisible();
  await expect(page.getByTestId('promotion-status')).toContainText(text('bn', 'promotions.status.claim'));
  await saveShot(page, info, `raffle-drawn-bn-${info.project.name}`);
  expect(await seriousViolations(page)).toEqual([]);

  await useLanguage(page, 'en');
  await page.goto(`/promoDetail?id=${id}`);
  await expectSoon(page.getByTestId('raffle-claim')).toHaveText('Claim ৳ 50.00');
  await expect(page.getByTestId('raffle-winners')).toContainText('***');
  await expectSoon(page.getByTestId('header-balance-amount')).toBeVisible();
  const before = await headerBalance(page);
  await page.getByTestId('raffle-claim').click();
  await expectSoon(page.getByTestId('raffle-claimed')).toHaveText(text('en', 'raffle.claimed_cash'));
  await expect(async () => expect(await headerBalance(page)).toBe(before + 5000)).toPass({ timeout: 30_000 });
  await saveShot(page, info, `raffle-claimed-en-${info.project.name}`);

  const again = await page.request.post('/wps/relay/MCS2_claimRafflePromotion', {
    headers: { authorization: (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '' },
    data: { promotionId: id },
  });
  expect((await again.json()).value.state).toBe('claimed');
  await page.reload();
  await expectSoon(page.getByTestId('raffle-claimed')).toBeVisible();
  await expect(page.getByTestId('promotion-status')).toContainText('Claimed');
  expect(await headerBalance(page)).toBe(before + 5000);
});

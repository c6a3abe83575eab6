// A player bets on the slot until the demo's VIP1 threshold is crossed, sees the new rank in the header menu and on
// /vip, earns points by the same bets, redeems a points-mall item the operator then approves in the back office, and
// converts points to cash; the points details and the VIP page are looked at in Bengali too. Phone and desktop.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openBackOffice, seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { bindBankAndPaymentPassword, newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test.describe.configure({ timeout: 240_000 });
const expectSoon = expect.configure({ timeout: 30_000 });

/** Letters only: every player sees the item in the mall while other specs run, and BN pages refuse Latin digits. */
const uniqueName = () => `Jersey ${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

/** Slot rounds through the API with the page's site token: Lotus Fortune at `bet` minor units each. */
async function spins(page: Page, rounds: number, bet: string) {
  const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
  const launch = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: token },
    data: { gameId: 'TS_LOTUS_FORTUNE', vassalage: 'TESSERA_RNG', launchMode: 'GLS', platform: 'html5-desktop' },
  });
  const ticket = new URL((await launch.json()).value.content.game_url, 'http://x').searchParams.get('session');
  const session = (await (await page.request.post('/wps/house-games/session', { data: { ticket } })).json()).value;
  for (let round = 0; round < rounds; round += 1) {
    const spin = await page.request.post('/wps/house-games/slots/spin', {
      headers: { 'x-game-session': session.sessionToken },
      data: { gameCode: 'TS_LOTUS_FORTUNE', bet, clientRoundId: crypto.randomUUID() },
    });
    expect((await spin.json()).success).toBe(true);
  }
}

test('bets up to VIP1, earns points, redeems a reward approved in the back office and converts points', async ({
  page,
}, info) => {
  const shot = (name: string) => saveShot(page, info, `loyalty-${name}-${info.project.name}`);
  const username = newUsername();
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await startLoggedIn(page, await registerByApi(page.request, username));
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expectSoon(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');

  // The demo ladder: VIP1 at ৳1,000 of valid bets. Four rounds of ৳200 stay below it; the fifth crosses it.
  await spins(page, 4, '20000');
  await page.goto('/vip');
  await expectSoon(page.getByTestId('vip-level')).toHaveText('VIP0');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
  await spins(page, 1, '20000');
  await page.goto('/vip');
  await expectSoon(page.getByTestId('vip-level')).toHaveText('VIP1');
  await expect(page.getByRole('table', { name: 'VIP levels' })).toContainText('VIP6');
  await shot('vip-en');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('avatar-button').click();
  await expectSoon(page.getByTestId('avatar-rank')).toHaveText('Rank VIP1');
  await shot('avatar-en');
  await page.getByTestId('avatar-rank').click();
  await expectSoon(page.getByTestId('player-rank')).toContainText('VIP1');

  // A reward item, made by the operator; ৳1,000 of slot bets earned 1,000 points at the demo rate.
  const name = uniqueName();
  const staff = await staffToken(page.request, `mall${randomBytes(4).toString('hex')}`, 'owner');
  const created = await page.request.post('/bo/api/point-mall/items', {
    headers: { authorization: staff },
    data: { names: { en: name, bn: `${name} বাংলা` }, image: null, pointsPrice: '300', stock: 5, perMemberLimit: 1, active: true },
  });
  expect((await created.json()).success).toBe(true);
  // The members centre's first load can outlast the helper's wait on a loaded machine: let it load once first.
  await page.goto('/index?mc=securityCenter');
  await expectSoon(
    page.getByRole('dialog', { name: 'Members centre' }).getByRole('heading', { name: 'Account summary' }),
  ).toBeVisible();
  await bindBankAndPaymentPassword(page, '9876 5432 10');

  await page.goto('/pointMall');
  await expectSoon(page.getByTestId('points-balance')).toHaveText('1,000');
  const item = page.getByTestId('mall-item').filter({ hasText: name });
  await item.getByRole('button', { name: `Redeem ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Redeem ${name}` });
  await dialog.getByLabel('Payment password').fill('482916');
  await dialog.getByRole('button', { name: 'Redeem with points' }).click();
  await expectSoon(page.getByTestId('redeemed')).toContainText('in process');
  await expectSoon(page.getByTestId('points-balance')).toHaveText('700');
  await shot('mall-en');
  expect(await seriousViolations(page)).toEqual([]);

  await openBackOffice(page, staff, '/point-mall');
  const row = page.getByTestId('redemption-row').filter({ hasText: username });
  await expectSoon(row).toContainText(name);
  await shot('bo-queue');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expectSoon(page.getByText('Decided.')).toBeVisible();

  await page.goto('/pointMall?tab=history');
  await expectSoon(page.getByTestId('redemption-status').first()).toHaveText('Approved');
  await page.goto('/pointMall');
  const convert = page.getByTestId('convert-form');
  await convert.getByLabel('Points to convert').fill('500');
  await convert.getByLabel('Payment password').fill('482916');
  await convert.getByRole('button', { name: 'Convert to cash' }).click();
  await expectSoon(page.getByTestId('convert-done')).toHaveText('500 points converted: ৳ 5.00 added to your wallet.');
  await expectSoon(page.getByTestId('points-balance')).toHaveText('200');

  await useLanguage(page, 'bn');
  await page.goto('/pointMall?tab=details');
  await expectSoon(page.getByText(text('bn', 'point_mall.entry.convert'))).toBeVisible();
  await expectSoon(page.getByTestId('points-balance')).toHaveText('২০০');
  await shot('details-bn');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/vip');
  await expectSoon(page.getByTestId('vip-level')).toHaveText('VIP১');
  await shot('vip-bn');
});

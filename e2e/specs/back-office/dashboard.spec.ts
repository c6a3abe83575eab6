// The dashboard and the reports in a real browser: a player deposits and plays three slot rounds on the site; the
// owner's dashboard counts them (today), and the report by player lists the player's stake and deposit. Axe finds
// no serious violation on either screen; screenshots at 1366×900 and at a tablet's 820×1180.
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot } from '../../support/site.js';
import { fundedPlayer } from '../games/player-kit.js';

test.describe.configure({ timeout: 120_000 });

const GAME = 'TS_CLASSIC_SEVENS';
/** Three slot rounds of ৳0.50 through the API with the player's site token. */
async function playThreeRounds(page: Page): Promise<void> {
  const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
  const launch = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: token },
    data: { gameId: GAME, vassalage: 'TESSERA_RNG', launchMode: 'GLS', platform: 'html5-desktop' },
  });
  const ticket = new URL((await launch.json()).value.content.game_url, 'http://x').searchParams.get('session');
  const session = (await (await page.request.post('/wps/house-games/session', { data: { ticket } })).json()).value;
  for (let round = 0; round < 3; round += 1) {
    const spin = await page.request.post('/wps/house-games/slots/spin', {
      headers: { 'x-game-session': session.sessionToken },
      data: { gameCode: GAME, bet: '50', clientRoundId: randomUUID() },
    });
    expect((await spin.json()).success).toBe(true);
  }
}

const count = async (page: Page, figure: string) =>
  Number(((await page.getByTestId(`figure-${figure}`).locator('dd').textContent()) ?? '').replaceAll(',', ''));

test('a player’s bets and deposit show on the dashboard and in the report by player', async ({ page, browser }, info) => {
  const token = await staffToken(page.request, `owner.${randomBytes(4).toString('hex')}`, 'owner');
  const backOffice = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await backOffice.addInitScript((value) => window.sessionStorage.setItem('tessera.bo.token', value), token);
  await backOffice.goto('/bo/');
  await expect(backOffice.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(backOffice.getByTestId('dashboard-cards')).toBeVisible();
  const betsBefore = await count(backOffice, 'bets');
  const depositsBefore = await count(backOffice, 'deposits');

  await fundedPlayer(page, 'en');
  const account = (await page.evaluate(() => window.sessionStorage.getItem('account'))) ?? '';
  await playThreeRounds(page);

  await backOffice.reload();
  await expect.poll(() => count(backOffice, 'bets')).toBeGreaterThanOrEqual(betsBefore + 3);
  expect(await count(backOffice, 'deposits')).toBeGreaterThanOrEqual(depositsBefore + 1);
  await expect(backOffice.getByTestId('open-requests')).toContainText('deposit request');
  await backOffice.getByRole('button', { name: '7 days' }).click();
  await expect(backOffice.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(backOffice.getByText('Deposits, withdrawals and GGR by day')).toBeVisible();
  await expect(backOffice.getByTestId('figure-depositAmount').locator('dd')).toContainText('৳');
  expect(await seriousViolations(backOffice)).toEqual([]);
  await saveShot(backOffice, info, 'bo-dashboard');

  await backOffice.getByRole('link', { name: 'Reports' }).click();
  await backOffice.getByLabel('Group by').selectOption('player');
  await backOffice.getByLabel('Player account').fill(account);
  await backOffice.getByRole('button', { name: 'Show' }).click();
  await backOffice.getByRole('button', { name: 'Deposited' }).click();
  const table = backOffice.getByRole('table', { name: 'Reports' });
  const row = table.getByRole('row').filter({ hasText: account });
  // Three bets of ৳0.50, and the ৳1,000 deposit, in the merchant's currency.
  await expect(row).toContainText('৳1.50');
  await expect(row).toContainText('৳1,000.00');
  await expect(table.getByRole('columnheader', { name: 'Deposited' })).toHaveAttribute('aria-sort', 'descending');
  expect(await seriousViolations(backOffice)).toEqual([]);
  await saveShot(backOffice, info, 'bo-reports');

  await backOffice.setViewportSize({ width: 820, height: 1180 });
  await backOffice.getByRole('link', { name: 'Dashboard' }).click();
  await expect(backOffice.getByTestId('dashboard-cards')).toBeVisible();
  await saveShot(backOffice, info, 'bo-dashboard-tablet');
  await backOffice.close();
});

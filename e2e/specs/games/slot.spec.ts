// A new player gets play money from the demo deposit channel, opens a slot from the RNG lobby, spins in the
// /game frame and sees the header balance follow; the betting record lists the round and the player verifies
// it in the browser after revealing the seed; profit and loss shows the day (issue 6 items 2, 4, 5).
import { expect, type Page, test } from '@playwright/test';
import { expectNoRawPlaceholders } from '../../support/site.js';
import { fundedPlayer, openFromLobby, spinOnce } from './player-kit.js';

test.describe.configure({ timeout: 120_000 });

const shot = async (page: Page, name: string, isPhone: boolean) => {
  await expectNoRawPlaceholders(page);
  await page.screenshot({ path: `/tmp/slot-${name}-${isPhone ? 'phone' : 'desktop'}.png`, fullPage: false });
};

test('spins a slot from the RNG lobby, sees the round in the betting record and verifies it', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  await fundedPlayer(page, 'en');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('1,000.00');

  await page.goto('/rng');
  await openFromLobby(page, /Classic Sevens Tessera/);
  await expect(page).toHaveURL(/\/game\?.*gameId=TS_CLASSIC_SEVENS/);
  await expect(page.getByTestId('game-frame')).toBeVisible();
  await spinOnce(page, 'Spin');
  // The header follows the game's balance. Not "the balance changed": a win equal to the bet leaves it as it was.
  const frameBalance = await page
    .frameLocator('[data-testid="game-frame"]')
    .getByText(/^৳[\d,]+\.\d{2}$/)
    .first()
    .textContent();
  await expect(page.getByTestId('header-balance-amount')).toHaveText(frameBalance?.replace('৳', '') ?? 'missing');
  await shot(page, 'game-en', isPhone);

  await page.goto('/index?mc=personalHistoryCopy');
  const record = page.getByTestId('betting-record');
  const rows = record.getByTestId('bet-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Classic Sevens');
  await expect(rows.first()).toContainText('Settled');
  await shot(page, 'record-en', isPhone);

  await rows
    .first()
    .getByRole('button', { name: /Verify round/ })
    .click();
  const verify = page.getByRole('dialog', { name: /Verify round/ });
  await expect(verify.getByText('Still secret: reveal it to verify')).toBeVisible();
  await verify.getByRole('button', { name: 'Reveal seed and verify' }).click();
  await expect(verify.getByTestId('verify-verdict')).toContainText('Verified ✓');
  // The game by its name and the reels as the game drew them (glyph and name), not internal codes.
  await expect(verify).toContainText('Classic Sevens');
  await expect(verify).not.toContainText('TS_CLASSIC_SEVENS');
  await expect(verify.getByRole('table')).not.toContainText(/SEVEN|BAR3|CHERRY|PLUM/);
  await shot(page, 'verify-en', isPhone);
  await verify.getByRole('button', { name: 'Close' }).click();

  await page.goto('/index?mc=personalProfit');
  const profit = page.getByTestId('personal-profit');
  await expect(profit.getByRole('table')).toContainText('Slots');
  await shot(page, 'profit-en', isPhone);
});

test('plays and reads the betting record in Bengali', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  await fundedPlayer(page, 'bn');
  await page.goto('/rng');
  await openFromLobby(page, /লোটাস ফরচুন Tessera/);
  await spinOnce(page, 'স্পিন');
  // Money and the session clock in Bengali numerals, as in the web app around the frame.
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByText(/^৳[০-৯,]+\.[০-৯]{2}$/).first()).toBeVisible();
  await expect(frame.getByText(/^[০-৯]{2}:[০-৯]{2}:[০-৯]{2}$/)).toBeVisible();
  await shot(page, 'game-bn', isPhone);
  await page.goto('/index?mc=personalHistoryCopy');
  await expect(page.getByTestId('bet-row')).toHaveCount(1);
  await expect(page.getByTestId('bet-row').first()).toContainText('লোটাস ফরচুন');
  await shot(page, 'record-bn', isPhone);
  await page.goto('/index?mc=personalProfit');
  await expect(page.getByTestId('personal-profit').getByRole('table')).toBeVisible();
  await shot(page, 'profit-bn', isPhone);
});

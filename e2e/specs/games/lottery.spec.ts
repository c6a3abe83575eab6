// A new player deposits, opens the electronic lottery from the navigation (spec §4: a lottery category
// launches its first game directly), buys one slip that covers every outcome of a Fast 3 draw, waits for the
// test-accelerated draw (the e2e server runs with LOTTERY_DRAW_INTERVAL_SECONDS=15), sees exactly one ticket
// win stake × odds, the balances follow, the draw verifies in the browser and the tickets reach the betting
// record (issue 6 items 2 and 4).
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { expectNoRawPlaceholders, isPhoneProject } from '../../support/site.js';
import { fundedPlayer } from './player-kit.js';

test.describe.configure({ timeout: 150_000 });

const shot = async (page: Page, name: string, isPhone: boolean) => {
  await expectNoRawPlaceholders(page);
  await page.screenshot({ path: `/tmp/lottery-client-${name}-${isPhone ? 'phone' : 'desktop'}.png`, fullPage: false });
};

async function addBet(frame: FrameLocator, type: string, fields: Record<string, string>, stake: string) {
  await frame.getByLabel('Bet type').selectOption(type);
  for (const [label, value] of Object.entries(fields)) await frame.getByLabel(label).selectOption(value);
  await frame.getByLabel(/^Stake/).fill(stake);
  await frame.getByRole('button', { name: 'Add to slip' }).click();
}

/** Buys the slip; a click that lands in the few seconds after a cut-off keeps the slip, so it is bought for the next draw. */
async function buy(page: Page, frame: FrameLocator) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await frame.getByRole('button', { name: 'Buy tickets' }).click();
    const outcome = frame.getByText(/Tickets bought for draw|Bets for that draw have closed/);
    await expect(outcome).toBeVisible({ timeout: 15_000 });
    if ((await outcome.textContent())?.startsWith('Tickets bought')) return;
    await expect(frame.getByText(/^Draw \d+/).first()).toBeVisible();
    await page.waitForTimeout(3_000);
  }
  throw new Error('the slip could not be bought for three draws in a row');
}

test('buys a Fast 3 slip covering every outcome, is paid the odds and verifies the draw', async ({ page }, info) => {
  const isPhone = isPhoneProject(info);
  await fundedPlayer(page, 'en');
  await page.goto('/index');
  const nav = isPhone ? page.getByTestId('bottom-bar') : page.getByTestId('header-categories');
  await nav.locator('[data-category="ELOTT"]').click();
  // The category launches its first game, named in the address with its default play type (its bet slip).
  await expect(page).toHaveURL(/\/elott\?vendor=TESSERA_ELOTT&gameCode=TS_ELOTT_1M&playType=/);
  await expect(page.getByTestId('game-frame')).toBeVisible();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByRole('heading', { name: 'Fast 3 dice' })).toBeVisible({ timeout: 15_000 });
  await expect(frame.getByText('Bets close in')).toBeVisible();
  await expect(frame.getByRole('tab', { name: 'Bet slip', selected: true })).toBeVisible();

  // Big, small and any triple: a triple loses big/small and wins any-triple, so exactly one ticket wins.
  await addBet(frame, 'bigSmall', { Pick: 'big' }, '10');
  await addBet(frame, 'bigSmall', { Pick: 'small' }, '10');
  await addBet(frame, 'anyTriple', {}, '10');
  await expect(frame.getByTestId('slip-item')).toHaveCount(3);
  await expect(frame.getByText('৳30.00')).toBeVisible();
  await shot(page, 'slip-en', isPhone);
  await buy(page, frame);
  await expect(frame.getByTestId('lottery-balance')).toHaveText('৳970.00');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('970.00');

  await frame.getByRole('tab', { name: 'My tickets' }).click();
  const tickets = frame.getByTestId('ticket');
  await expect(tickets).toHaveCount(3);
  await expect(frame.locator('[data-testid="ticket"][data-status="open"]')).toHaveCount(3);
  await expect(frame.locator('[data-testid="ticket"][data-status="open"]')).toHaveCount(0, { timeout: 45_000 });
  const won = frame.locator('[data-testid="ticket"][data-status="won"]');
  await expect(won).toHaveCount(1);
  await expect(frame.locator('[data-testid="ticket"][data-status="lost"]')).toHaveCount(2);
  const isTriple = ((await won.textContent()) ?? '').includes('Any triple');
  // Odds include the stake: 10 × 1.98 or 10 × 34.50.
  const payout = isTriple ? '৳345.00' : '৳19.80';
  await expect(won).toContainText(`Payout ${payout}`);
  await expect(frame.getByTestId('lottery-balance')).toHaveText(isTriple ? '৳1,315.00' : '৳989.80');
  await expect(frame.getByTestId('lottery-net')).toHaveText(isTriple ? '৳315.00' : '−৳10.20');
  await expect(page.getByTestId('header-balance-amount')).toHaveText(isTriple ? '1,315.00' : '989.80');
  await shot(page, 'tickets-en', isPhone);

  await frame.getByRole('tab', { name: 'Results' }).click();
  await frame
    .getByTestId('result')
    .first()
    .getByRole('button', { name: /^Verify #/ })
    .click();
  await expect(frame.getByTestId('verify-verdict')).toContainText('Verified in your browser');
  await shot(page, 'verify-en', isPhone);
  await frame.getByRole('button', { name: 'Close' }).click();

  await page.goto('/index?mc=personalHistoryCopy');
  const rows = page.getByTestId('betting-record').getByTestId('bet-row');
  await expect(rows.first()).toContainText('Fast 3 dice');
});

test('opens the SEA lottery in Bengali with its bet slip and results', async ({ page }, info) => {
  const isPhone = isPhoneProject(info);
  // The narrowest phone the site supports.
  if (isPhone) await page.setViewportSize({ width: 360, height: 740 });
  await fundedPlayer(page, 'bn');
  await page.goto('/lottery?vendor=TESSERA_LOTT&gameCode=TS_SEA_LOTTO&playType=last2');
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByRole('heading', { name: 'এসইএ ৫ডি লটারি' })).toBeVisible({ timeout: 15_000 });
  await frame.getByLabel('বাজির ধরন').selectOption('digit');
  await frame.getByLabel('অবস্থান').selectOption('2');
  await frame.getByLabel('অঙ্ক').selectOption('7');
  await frame.getByRole('button', { name: 'স্লিপে যোগ করুন' }).click();
  await expect(frame.getByTestId('slip-item')).toContainText('C = 7');
  await shot(page, 'slip-bn', isPhone);
  await frame.getByRole('tab', { name: 'ফলাফল' }).click();
  await expect(frame.getByTestId('results')).toBeVisible();
  await shot(page, 'results-bn', isPhone);

  // The Vietnamese lottery's own route launches the game of its class.
  await page.goto('/vnlottery');
  await expect(frame.getByRole('heading', { name: 'ভিয়েতনাম উত্তরাঞ্চলীয় লটারি' })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'vn-bn', isPhone);
});

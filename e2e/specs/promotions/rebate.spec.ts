// A loss rebate: a player with a daily 10 % rebate of their slot losses plays the slot and follows the rebate accruing
// on the promotion; the settlement test clock closes the day, the rebate job runs, and the rebate arrives in the
// player's balance with a notice, and in bonus details. Desktop in English and a phone in Bengali. @exclusive: it
// moves the settlement clock, which every other spec's periods would see; it restores it.
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { seriousViolations } from '../../support/back-office.js';
import { LAYOUT_RUNS, LAYOUTS } from '../../support/layouts.js';
import { saveShot, text } from '../../support/site.js';
import { fundedPlayer, playRounds } from '../games/player-kit.js';
import { createPromotion, uniqueTitle } from './promotion-kit.js';

test.describe.configure({ timeout: 300_000 });
const LOADED = { timeout: 30_000 };
/** A day and five minutes: today's periods count as closed. */
const CLOSE_THE_DAY = String(24 * 60 + 5);
const BET_MINOR = 50;
const MIN_LOSS_MINOR = 10;

test.beforeEach(async () => {
  await admin('agent-settlement', 'clock', 'reset');
});
test.afterAll(async () => {
  await admin('agent-settlement', 'clock', 'reset');
});

/**
 * Slot rounds until the player has lost at least ৳0.10 net, judged after every round: a losing first round is enough,
 * and after an early big win the slot's edge brings the player back below in time. The net loss in minor units.
 */
async function loseSomething(page: Page): Promise<number> {
  let staked = 0;
  let won = 0;
  await playRounds(page, 3000, undefined, (win) => {
    staked += BET_MINOR;
    won += win;
    return staked - won >= MIN_LOSS_MINOR;
  });
  expect(staked - won).toBeGreaterThanOrEqual(MIN_LOSS_MINOR);
  return staked - won;
}

const taka = (minor: number) => `৳ ${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;

for (const { layout, language } of LAYOUT_RUNS) {
  test.describe(`@exclusive loss rebate on a ${layout}`, () => {
    test.use(LAYOUTS[layout]);

    test(`the player loses on the slot, the day closes, and the rebate is paid with a notice (${language.toUpperCase()})`, async ({
      page,
    }, info) => {
      const shot = (name: string) => saveShot(page, info, `rebate-${name}-${layout}-${language}`);
      await fundedPlayer(page, language);
      const account = (await page.evaluate(() => window.sessionStorage.getItem('account'))) ?? '';
      const title = uniqueTitle('Rebate');
      const id = await createPromotion(page.request, {
        type: 'rebate',
        texts: {
          en: { title, body: 'Ten percent of your slot losses back every day.' },
          bn: { title: `${title} রিবেট`, body: 'প্রতিদিন স্লটে হারের দশ শতাংশ ফেরত।' },
        },
        // This player only: the clock closes everyone's day.
        audience: 'members',
        accounts: [account],
        bonusCapMinor: '100000',
        wageringMultiplier: 0,
        rebatePeriod: 'daily',
        rebateBasisPoints: 1000,
        minLossMinor: String(MIN_LOSS_MINOR),
        rebateCategories: ['RNG'],
      });
      const loss = await loseSomething(page);
      const rebate = Math.floor(loss / 10);

      await page.goto(`/promoDetail?id=${id}`);
      await expect(page.getByTestId('promotion-status')).toContainText(text(language, 'promotions.status.process'), LOADED);
      const card = page.getByTestId('rebate-progress');
      await expect(card).toBeVisible(LOADED);
      await expect(page.getByTestId('promotion-join')).toHaveCount(0);
      if (language === 'en') {
        await expect(card.getByTestId('rebate-loss')).toHaveText(taka(loss));
        await expect(card.getByTestId('rebate-estimate')).toHaveText(taka(rebate));
      }
      await shot('accruing');
      expect(await seriousViolations(page)).toEqual([]);

      const before = (await page.getByTestId('header-balance-amount').first().textContent()) ?? '';
      await admin('agent-settlement', 'clock', 'advance', CLOSE_THE_DAY);
      await admin('promotions', 'rebates', 'run');

      const toast = page
        .getByTestId('notification-toast')
        .filter({ hasText: text(language, 'notifications.type.rebate_paid').split('{{')[0] ?? '' });
      await expect(toast).toBeVisible(LOADED);
      if (language === 'en') await expect(toast).toContainText(taka(rebate));
      await expect(page.getByTestId('header-balance-amount').first()).not.toHaveText(before, LOADED);
      if (language === 'en')
        await expect(page.getByTestId('header-balance-amount').first()).toHaveText(
          taka(100_000 - loss + rebate).replace(/^৳\s*/, ''),
        );
      await shot('paid');

      await page.reload();
      await expect(page.getByTestId('rebate-last')).toBeVisible(LOADED);
      if (language === 'en') await expect(page.getByTestId('rebate-last')).toContainText(`${taka(rebate)} paid`);
      await shot('last');

      await page.goto('/index?mc=bonusDetails');
      const centre = page.getByRole('dialog');
      await expect(centre.getByText(text(language, 'records.type.rebate')).first()).toBeVisible(LOADED);
      await shot('bonus-details');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

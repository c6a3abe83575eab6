// A VIP level's withdrawal limits: with the ladder's VIP1 reached by a ৳1,000 deposit and allowing ৳300 in one request a
// day, a player who deposits reaches it, sees the limits on /vip and on the withdrawal form, has a request over the amount
// refused with the level named, makes one request within it, and has the next refused for the count.
// @exclusive: it changes the merchant's VIP ladder, which every other spec's players would see; it puts it back.
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { seriousViolations } from '../../support/back-office.js';
import { LAYOUT_RUNS, LAYOUTS } from '../../support/layouts.js';
import { saveShot, text, useLanguage } from '../../support/site.js';
import { bindBankAndPaymentPassword } from '../accounts/account-kit.js';
import { fundedPlayer } from '../games/player-kit.js';

test.describe.configure({ timeout: 240_000 });
const LOADED = { timeout: 30_000 };

/** Per language: the level's name and the texts the player reads, in that language's digits. */
const SEEN = {
  en: {
    level: 'VIP1',
    ladder: ['withdraw up to ৳ 300.00 a day', 'withdrawal requests a day: 1'],
    hint: 'Your level VIP1: daily limit ৳ 300.00; requests left today 1',
    amountOver: '400',
    amountWithin: '100',
    requested: 'Withdrawal of ৳ 100.00 requested',
  },
  bn: {
    level: 'VIP১',
    ladder: ['দিনে ৳ ৩০০.০০ পর্যন্ত উত্তোলন', 'দিনে ১টি উত্তোলনের অনুরোধ'],
    hint: 'আপনার লেভেল VIP১: দৈনিক সীমা ৳ ৩০০.০০; আজ বাকি অনুরোধ ১',
    amountOver: '400',
    amountWithin: '100',
    requested: null,
  },
} as const;

let savedVip = '';
test.beforeAll(async () => {
  test.setTimeout(120_000);
  savedVip = await admin('settings', 'get', 'vip');
  const vip = JSON.parse(savedVip);
  vip.levels[1] = {
    ...vip.levels[1],
    minDepositMinor: '100000',
    qualifyBy: 'any',
    withdrawalDailyMaxMinor: '30000',
    withdrawalDailyCount: 1,
  };
  await admin('settings', 'set', 'vip', JSON.stringify(vip));
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await admin('settings', 'set', 'vip', savedVip);
});

for (const { layout, language } of LAYOUT_RUNS) {
  test.describe(`@exclusive a VIP level's withdrawal limits on a ${layout}`, () => {
    test.use(LAYOUTS[layout]);

    test(`a VIP1 player sees the daily withdrawal limits and requests over them are refused (${language.toUpperCase()})`, async ({
      page,
    }, info) => {
      const shot = (name: string) => saveShot(page, info, `vip-withdrawal-${name}-${layout}-${language}`);
      const seen = SEEN[language];
      await fundedPlayer(page, 'en');
      await bindBankAndPaymentPassword(page, '9876 5432 10');
      await useLanguage(page, language);

      await page.goto('/vip');
      await expect(page.getByTestId('vip-level')).toHaveText(seen.level, LOADED);
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${seen.level}`) }) });
      for (const benefit of seen.ladder) await expect(row).toContainText(benefit);
      expect(await seriousViolations(page)).toEqual([]);
      await shot('vip');

      await page.goto('/index?mc=withdraw');
      const centre = page.getByRole('dialog', { name: text(language, 'members_centre.title') });
      const amount = centre.getByLabel(text(language, 'withdrawal.amount'), { exact: true });
      await expect(amount).toBeVisible(LOADED);
      await expect(centre.getByText(seen.hint, { exact: false })).toBeVisible();
      await shot('form');

      const request = async (value: string) => {
        await amount.fill(value);
        await centre.getByLabel(text(language, 'withdrawal.payment_password'), { exact: true }).fill('482916');
        await centre.getByRole('button', { name: text(language, 'withdrawal.submit'), exact: true }).click();
      };
      await request(seen.amountOver);
      const overAmount = text(language, 'errors.withdrawal_level_daily_limit').replace('{{level}}', seen.level);
      await expect(centre.getByText(overAmount)).toBeVisible(LOADED);
      expect(await seriousViolations(page)).toEqual([]);
      await shot('refused-amount');

      await request(seen.amountWithin);
      if (seen.requested) await expect(centre.getByText(seen.requested)).toBeVisible(LOADED);
      else await expect(centre.getByText(overAmount)).toHaveCount(0, LOADED);
      await expect(centre.getByTestId('withdrawal-row').first()).toBeVisible(LOADED);

      await request(seen.amountWithin);
      const overCount = text(language, 'errors.withdrawal_daily_count').replace('{{level}}', seen.level);
      await expect(centre.getByText(overCount)).toBeVisible(LOADED);
      await shot('refused-count');
    });
  });
}

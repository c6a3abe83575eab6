// The back office's promotion form in a real browser: staff create a loss rebate (percent, period, minimum loss, cap,
// the games counted, cash or bonus, a title and text in each language) for one named player, who then finds it on
// /promotions in their language with its terms on the detail. English pays cash daily; Bengali a bonus weekly.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { enrolledStaff, logInStaff, seriousViolations } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';
import { uniqueTitle } from '../promotions/promotion-kit.js';

test.describe.configure({ timeout: 180_000 });
const expectSoon = expect.configure({ timeout: 30_000 });

const RUNS = [
  { language: 'en', words: 'English', period: 'daily', wagering: '0', paid: 'promotions.terms.rebate_cash' },
  { language: 'bn', words: 'Bengali', period: 'weekly', wagering: '5', paid: 'promotions.terms.rebate_bonus' },
] as const;

// The back office runs on the desktop only, so both languages run there: the title names the language in words, not as
// "(EN)"/"(BN)", which would run one of them on the phone (playwright.config.ts).
for (const run of RUNS) {
  test(`staff create a loss rebate through the promotion form and the player sees it on /promotions, in ${run.words}`, async ({
    browser,
    page,
    request,
  }, info) => {
    const username = newUsername();
    const login = await registerByApi(request, username);
    const staff = `owner.r${randomBytes(4).toString('hex')}`;
    await logInStaff(page, staff, await enrolledStaff(request, staff, 'owner'));
    await page.getByRole('link', { name: 'Promotions', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();

    const title = uniqueTitle('Rebate');
    const form = page.getByRole('form', { name: 'New promotion' });
    await form.getByLabel('Type').selectOption('rebate');
    const english = form.getByRole('group', { name: 'English text' });
    await english.getByLabel('Title').fill(title);
    await english.getByLabel(/^Text/).fill('Ten percent of your net slot and lottery losses back.');
    const bangla = form.getByRole('group', { name: 'Bangla text' });
    await bangla.getByLabel('Title').fill(`${title} রিবেট`);
    await bangla.getByLabel(/^Text/).fill('স্লট ও লটারিতে নিট ক্ষতির দশ শতাংশ ফেরত।');
    await form.getByLabel('Audience').selectOption('members');
    await form.getByLabel('Accounts').fill(username);
    await form.getByLabel('Largest bonus').fill('25.00');
    await form.getByLabel('Wagering (times)').fill(run.wagering);
    const rebate = form.getByRole('group', { name: 'Loss rebate' });
    await rebate.getByLabel('Period').selectOption(run.period);
    await rebate.getByLabel('Percent of the net loss').fill('10');
    await rebate.getByLabel('Minimum loss').fill('2.00');
    await rebate.getByLabel('Count lottery').check();
    await form.getByRole('button', { name: 'Create promotion' }).click();
    // Saved, the form goes on editing the new promotion.
    await expect(page.getByRole('form', { name: 'Edit promotion' }).getByRole('status')).toHaveText('Saved.');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Loss rebate');
    await expect(row).toContainText('Live');
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `bo-rebate-created-${run.language}`);

    const player = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
    try {
      await skipPopupAnnouncement(player);
      await useLanguage(player, run.language);
      await startLoggedIn(player, login);
      await player.goto('/promotions');
      const shown = run.language === 'en' ? title : `${title} রিবেট`;
      const card = player.getByTestId('promotion-card').filter({ hasText: shown });
      await expectSoon(card).toContainText(text(run.language, 'promotions.status.process'));
      await saveShot(player, info, `bo-rebate-player-list-${run.language}`);
      await card.click();
      await expectSoon(player.getByRole('heading', { name: shown })).toBeVisible();
      await expect(player.getByTestId('rebate-progress')).toBeVisible();
      const terms = player.getByRole('heading', { name: text(run.language, 'promotions.terms.title') }).locator('..');
      const rule = text(run.language, `promotions.terms.rebate_${run.period}`).split('{{')[0] ?? '';
      await expect(terms).toContainText(rule);
      await expect(terms).toContainText(text(run.language, run.paid).split('{{')[0] ?? '');
      if (run.language === 'en') {
        await expect(terms).toContainText('Each day, 10% of your net loss (bets less wins) in Slots, Lottery comes back to you.');
        await expect(terms).toContainText('৳ 2.00');
        await expect(terms).toContainText('৳ 25.00');
      } else {
        await expect(terms).toContainText('১০%');
        await expect(terms).toContainText('৳ ২৫.০০');
        await expect(terms).not.toContainText(/[0-9]/);
      }
      expect(await seriousViolations(player)).toEqual([]);
      await saveShot(player, info, `bo-rebate-player-detail-${run.language}`);
    } finally {
      await player.context().close();
      await row.getByRole('button', { name: 'Close now' }).click();
      await expect(row).toContainText('Closed');
    }
  });
}

// The raffle's "Draw now" in the back office: a player earns tickets on the slot, staff open the raffle on the
// promotions screen (a desktop) and draw it with the button; the player sees the result on the raffle's page and
// claims the prize in the reward centre, where it waits with its deadline, and the balance follows. The raffle is
// for this player alone (its audience names the account). Phone in Bengali, desktop in English.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openBackOffice, seriousViolations, staffToken } from '../../support/back-office.js';
import { LAYOUTS } from '../../support/layouts.js';
import { saveShot, text } from '../../support/site.js';
import { fundedPlayer, playRounds } from '../games/player-kit.js';
import { createPromotion, saveRaffleTerms, uniqueTitle } from './promotion-kit.js';

test.describe.configure({ timeout: 300_000 });
const expectSoon = expect.configure({ timeout: 30_000 });

for (const language of ['en', 'bn'] as const) {
  test(`staff draw a raffle with "Draw now" and the winner claims the prize in the reward centre (${language.toUpperCase()})`, async ({
    browser,
    page,
  }, info) => {
    const shot = (name: string) => saveShot(page, info, `raffle-draw-now-${name}-${language}-${info.project.name}`);
    await fundedPlayer(page, language);
    const account = (await page.evaluate(() => window.sessionStorage.getItem('account'))) ?? '';
    const title = uniqueTitle('Lucky');
    const shown = language === 'en' ? title : `${title} ড্র`;
    const id = await createPromotion(page.request, {
      type: 'raffle',
      texts: { en: { title, body: 'Play the slots, win a prize.' }, bn: { title: `${title} ড্র`, body: 'স্লট খেলুন, পুরস্কার জিতুন।' } },
      bonusCapMinor: '5000',
      wageringMultiplier: 1,
      audience: 'members',
      accounts: [account],
    });
    const token = await staffToken(page.request, `draw${randomBytes(4).toString('hex')}`, 'owner');
    await saveRaffleTerms(page.request, id, token);
    await playRounds(page, 2);

    const staff = await (await browser.newContext(LAYOUTS.desktop)).newPage();
    try {
      await openBackOffice(staff, token, '/promotions');
      await staff.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Raffle', exact: true }).click();
      const raffle = staff.getByTestId('bo-raffle');
      await expect(raffle.getByTestId('bo-raffle-drawn')).toHaveText('Not yet');
      staff.once('dialog', (dialog) => void dialog.accept());
      await raffle.getByRole('button', { name: 'Draw now', exact: true }).click();
      await expectSoon(raffle.getByRole('status')).toHaveText('Drawn.');
      const winners = raffle.getByRole('table', { name: 'Winners' });
      await expect(winners).toContainText(account);
      await expect(winners).toContainText('Not claimed yet');
      await expect(raffle.getByRole('button', { name: 'Draw now', exact: true })).toBeDisabled();
      expect(await seriousViolations(staff)).toEqual([]);
      await saveShot(staff, info, `raffle-draw-now-bo-${language}-${info.project.name}`);
    } finally {
      await staff.context().close();
    }

    await page.goto(`/promoDetail?id=${id}`);
    await expectSoon(page.getByTestId('raffle-winners')).toBeVisible();
    await expect(page.getByTestId('promotion-status')).toContainText(text(language, 'promotions.status.claim'));
    await expect(page.getByTestId('raffle-claim')).toBeVisible();
    await shot('result');

    await expectSoon(page.getByTestId('header-balance-amount').first()).toHaveText(/\S/);
    const before = (await page.getByTestId('header-balance-amount').first().textContent()) ?? '';
    await page.goto('/index?mc=rewardCenter');
    const centre = page.getByRole('dialog', { name: text(language, 'members_centre.title') });
    const reward = centre.getByTestId('reward').filter({ hasText: shown });
    await expectSoon(reward).toContainText(text(language, 'reward_centre.source.raffle'));
    await expect(reward).toContainText(text(language, 'reward_centre.expires').split('{{')[0] ?? '');
    if (language === 'en') await expect(reward).toContainText('৳ 50.00 to your wallet');
    else {
      await expect(reward).toContainText('৳ ৫০.০০');
      await expect(reward).not.toContainText(/[0-9]/);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await shot('reward-centre');

    await reward.getByRole('button', { name: text(language, 'reward_centre.claim_named').replace('{{title}}', shown) }).click();
    await expectSoon(centre.getByRole('status')).toHaveText(text(language, 'reward_centre.claimed').replace('{{title}}', shown));
    await expect(reward).toHaveCount(0);
    await expect(page.getByTestId('header-balance-amount').first()).not.toHaveText(before, { timeout: 30_000 });
    if (language === 'en') {
      const after = (await page.getByTestId('header-balance-amount').first().textContent()) ?? '';
      const minor = (shown: string) => Math.round(Number(shown.replace(/[^0-9.]/g, '')) * 100);
      expect(minor(after) - minor(before)).toBe(5000);
    }
    await shot('claimed');

    await page.goto(`/promoDetail?id=${id}`);
    await expectSoon(page.getByTestId('raffle-claimed')).toBeVisible();
    await expect(page.getByTestId('promotion-status')).toContainText(text(language, 'promotions.explain.raffle_claimed'));
  });
}

// The back office's missions screen in a real browser: staff add a daily mission with its titles, task and reward,
// and a player sees it on the site's mission page in their language; staff then change its target and stop it.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { enrolledStaff, logInStaff, seriousViolations } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test.describe.configure({ timeout: 180_000 });
const expectSoon = expect.configure({ timeout: 30_000 });

/** Letters only: BN pages refuse Latin digits, and the name tells this run's mission from others'. */
const letters = () => Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

// The back office runs on the desktop only, so both languages run there: the title names the language in words, not as
// "(EN)"/"(BN)", which would run one of them on the phone (playwright.config.ts).
for (const language of ['en', 'bn'] as const) {
  test(`staff create a mission and a player sees it on the mission page, in ${language === 'en' ? 'English' : 'Bengali'}`, async ({
    browser,
    page,
    request,
  }, info) => {
    const shot = (name: string) => saveShot(page, info, `bo-missions-${name}-${info.project.name}-${language}`);
    const staff = `owner.m${randomBytes(4).toString('hex')}`;
    await logInStaff(page, staff, await enrolledStaff(request, staff, 'owner'));
    await page.getByRole('link', { name: 'Missions', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible();

    const name = `Spin ${letters()}`;
    const form = page.getByRole('form', { name: 'New mission' });
    await form.getByLabel('Title (English)').fill(name);
    await form.getByLabel('Title (Bengali)').fill(`${name} বাংলা`);
    await form.getByLabel('Period').selectOption('daily');
    await form.getByLabel('Task').selectOption('bet_count');
    await form.getByLabel('Target').fill('3');
    await form.getByLabel('Game category').fill('rng');
    await form.getByLabel('Reward', { exact: true }).selectOption('points');
    await form.getByLabel('Points rewarded').fill('40');
    await form.getByRole('button', { name: 'Add mission' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
    const row = page.getByTestId('mission-row').filter({ hasText: name });
    await expect(row).toContainText('Play 3 bets');
    await expect(row).toContainText('40 points');
    await expect(row).toContainText('Running since');
    expect(await seriousViolations(page)).toEqual([]);
    await shot('created');

    const player = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
    await skipPopupAnnouncement(player);
    await useLanguage(player, language);
    await startLoggedIn(player, await registerByApi(player.request, newUsername()));
    await player.goto('/index?mc=missionLeaderboard');
    const centre = player.getByRole('dialog', { name: text(language, 'members_centre.title') });
    const card = centre.getByTestId('mission').filter({ hasText: language === 'en' ? name : `${name} বাংলা` });
    await expectSoon(card.getByTestId('mission-status')).toHaveText(text(language, 'missions.status.in_progress'));
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await saveShot(player, info, `bo-missions-player-${info.project.name}-${language}`);
    await player.context().close();

    try {
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('form', { name: 'Edit mission' });
      await expect(edit.getByLabel('Title (English)')).toHaveValue(name);
      await edit.getByLabel('Target').fill('5');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit.getByRole('status')).toHaveText('Saved.');
      await expect(row).toContainText('Play 5 bets');
    } finally {
      await row.getByRole('button', { name: `Stop ${name}` }).click();
      await expect(row).toContainText('Stopped');
      await expect(row.getByRole('button', { name: `Run ${name} again` })).toBeVisible();
    }
    await shot('stopped');
  });
}

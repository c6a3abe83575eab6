// The members centre on a desktop keeps its place and size while the player moves between its pages, and on a
// phone (360 px) no page of it hides a column off-screen: tables become cards, nothing scrolls sideways.
import { expect, type Page, test } from '@playwright/test';
import { isPhoneProject, saveShot, text } from '../../support/site.js';
import { fundedPlayer, openFromLobby, spinOnce } from '../games/player-kit.js';

test.describe.configure({ timeout: 120_000 });

/** Elements inside the dialog wider than the box they scroll in (the phone's strip of page buttons and 1-px screen-reader texts aside). */
const sidewaysScrollers = () =>
  [...document.querySelectorAll('dialog[open] *')]
    .filter((element) => !element.closest('nav') && element.clientWidth > 1)
    .filter(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX),
    )
    .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));

async function visitEveryPage(page: Page, language: 'en' | 'bn', visit: (label: string) => Promise<void>) {
  const centre = page.getByRole('dialog', { name: text(language, 'members_centre.title') });
  const entries = centre.getByRole('navigation', { name: text(language, 'members_centre.entries') }).getByRole('button');
  // An entry's badge (mission activity's count of rewards to claim) is part of its text, not of its page's name.
  const labels = (await entries.allTextContents()).map((label) => label.replace(/[0-9০-৯+]+$/, '').trim());
  expect(labels.length).toBeGreaterThan(5);
  for (const label of labels) {
    await entries.filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9০-৯+]*$`) }).click();
    await expect(centre.getByRole('region', { name: label, exact: true })).toBeVisible();
    await expect(centre.locator('[role="status"] svg, .animate-spin')).toHaveCount(0, { timeout: 15_000 });
    await visit(label);
  }
}

for (const language of ['en', 'bn'] as const) {
  test(`the members centre holds still on a desktop and shows every column on a phone (${language.toUpperCase()})`, async ({
    page,
  }, info) => {
    await fundedPlayer(page, language);
    await page.goto('/rng');
    await openFromLobby(page, language === 'en' ? /Classic Sevens Tessera/ : /লোটাস ফরচুন Tessera/);
    await spinOnce(page, language === 'en' ? 'Spin' : 'স্পিন');
    await page.goto('/index?mc=securityCenter');
    const centre = page.getByRole('dialog', { name: text(language, 'members_centre.title') });
    await expect(centre).toBeVisible();

    // The header's deposit action says what it is in words, on a phone too.
    await expect(
      page.getByTestId('account-header').getByText(text(language, 'accounts.menu.deposit'), { exact: true }),
    ).toBeVisible();

    // Bonus details has no type filter: its empty state does not send the player looking for one.
    await page.goto('/index?mc=bonusDetails');
    await expect(centre.getByText(text(language, 'records.empty_hint_range'))).toBeVisible();
    await expect(centre.getByText(text(language, 'records.empty_hint'))).toHaveCount(0);

    if (isPhoneProject(info)) {
      await visitEveryPage(page, language, async (label) => {
        expect(await page.evaluate(sidewaysScrollers), label).toEqual([]);
      });
      await page.goto('/index?mc=personalProfit');
      // The last column lies within the dialog's width; how far down the card sits depends on the chart above it.
      const net = centre.getByTestId('data-table').getByRole('cell').last();
      await expect(net).toBeVisible();
      const [cell, dialog] = [await net.boundingBox(), await centre.boundingBox()];
      expect(cell?.x).toBeGreaterThanOrEqual(dialog?.x ?? 0);
      expect((cell?.x ?? 0) + (cell?.width ?? 0)).toBeLessThanOrEqual((dialog?.x ?? 0) + (dialog?.width ?? 0));
      await saveShot(page, info, `members-centre-profit-phone-${language}`);
      await page.goto('/index?mc=manualRebate');
      await saveShot(page, info, `members-centre-cashback-phone-${language}`);
    } else {
      const first = await centre.boundingBox();
      await visitEveryPage(page, language, async (label) => {
        expect(await centre.boundingBox(), label).toEqual(first);
      });
      await page.goto('/index?mc=personalProfit');
      await saveShot(page, info, `members-centre-profit-desktop-${language}`);
    }
  });
}

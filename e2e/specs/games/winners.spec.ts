// The winners board under the home page shows real wins: a player deposits, plays slot rounds, and the board
// lists the wins with the account masked, in English and Bengali, on a phone and a desktop; the board's code and
// call wait until the player scrolls near it (issue 6 item 1, spec §7.3 GCSGAME_getRankList).
import { expect, type Locator, test } from '@playwright/test';
import { useLanguage } from '../../support/site.js';
import { fundedPlayer, playRounds } from './player-kit.js';

test.describe.configure({ timeout: 120_000 });

const BOARD_LENGTH = 10;

/** The amounts a board lists, in minor units; Bengali digits read as digits. */
async function listedAmounts(list: Locator): Promise<number[]> {
  const texts = await list.getByRole('listitem').allTextContents();
  return texts.map((text) => {
    const western = text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
    const [, major, minor] = /৳\s?([\d,]+)\.(\d{2})/.exec(western) ?? [];
    if (major === undefined) throw new Error(`no amount in "${text}"`);
    return Number(major.replaceAll(',', '')) * 100 + Number(minor);
  });
}

/**
 * Other specs' players win on the same site at the same time, so the player's own wins need not make the top of
 * the board: either their account is on it, or the board is full of wins at least as big as their best.
 */
async function expectRanked(list: Locator, masked: string, best: number) {
  await expect(list.getByRole('listitem').first()).toBeVisible();
  if ((await list.textContent())?.includes(masked)) return;
  const amounts = await listedAmounts(list);
  expect(amounts).toHaveLength(BOARD_LENGTH);
  expect(Math.min(...amounts)).toBeGreaterThanOrEqual(best);
}

test('lists real wins with masked accounts below the fold, in English and Bengali', async ({ page }, info) => {
  const isPhone = info.project.name === 'phone';
  await fundedPlayer(page, 'en');
  const account = (await page.evaluate(() => window.sessionStorage.getItem('account'))) ?? '';
  const wins = await playRounds(page, 40);
  expect(wins.length).toBeGreaterThan(0);

  const early: string[] = [];
  page.on('request', (request) => {
    if (/winners-board|GCSGAME_getRankList/.test(request.url())) early.push(request.url());
  });
  await page.goto('/index');
  // The server's page is a visitor's; the app replaces it with the member's.
  await expect(page.getByTestId('account-header')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hot games' })).toBeVisible();
  // Nothing of the board before the player scrolls towards it.
  expect(early).toEqual([]);

  await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
  const heading = page.getByRole('heading', { name: 'Winners' });
  await heading.scrollIntoViewIfNeeded();
  const list = page.getByRole('list', { name: 'Biggest wins' });
  const masked = `${account.slice(0, 2)}***${account.slice(-1)}`;
  await expectRanked(list, masked, Math.max(...wins));
  await expect(list).not.toContainText(account);
  // The held place is as tall as the board: nothing below it moved when it arrived.
  const heights = await page.getByTestId('winners-slot').evaluate((slot) => ({
    held: Number.parseFloat(getComputedStyle(slot).minHeight),
    board: slot.getBoundingClientRect().height,
  }));
  expect(heights.board).toBeLessThanOrEqual(heights.held + 1);
  await heading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/games-bench-winners-en-${isPhone ? 'phone' : 'desktop'}.png` });

  await page.getByRole('button', { name: 'Latest wins' }).click();
  await expect(page.getByRole('list', { name: 'Latest wins' })).toContainText(masked);

  await useLanguage(page, 'bn');
  await page.goto('/index');
  // The page re-renders as the Bengali strings arrive: scroll again until the board is there.
  const bnHeading = page.getByRole('heading', { name: 'বিজয়ীরা' });
  await expect(async () => {
    await page.getByTestId('site-footer').scrollIntoViewIfNeeded({ timeout: 2000 });
    await expect(bnHeading).toBeAttached({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await bnHeading.scrollIntoViewIfNeeded();
  await expectRanked(page.getByRole('list', { name: 'সবচেয়ে বড় জয়' }), masked, Math.max(...wins));
  await bnHeading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/games-bench-winners-bn-${isPhone ? 'phone' : 'desktop'}.png` });
});

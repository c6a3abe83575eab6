// The winners board under the home page shows real wins: a player deposits, plays slot rounds, and the board
// lists the wins with the account masked, in English and Bengali, on a phone and a desktop; the board's code and
// call wait until the player scrolls near it (issue 6 item 1, spec §7.3 GCSGAME_getRankList).
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { useLanguage } from '../../support/site.js';
import { fundedPlayer } from './player-kit.js';

test.describe.configure({ timeout: 120_000 });

const GAME = 'TS_CLASSIC_SEVENS';

/** Plays `rounds` rounds through the API with the player's site token; returns the wins they answered. */
async function playRounds(page: Page, rounds: number): Promise<string[]> {
  const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
  const launch = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: token },
    data: { gameId: GAME, vassalage: 'TESSERA_RNG', launchMode: 'GLS', platform: 'html5-desktop' },
  });
  const ticket = new URL((await launch.json()).value.content.game_url, 'http://x').searchParams.get('session');
  const session = (await (await page.request.post('/wps/house-games/session', { data: { ticket } })).json()).value;
  const wins: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const spin = await page.request.post('/wps/house-games/slots/spin', {
      headers: { 'x-game-session': session.sessionToken },
      data: { gameCode: GAME, bet: '50', clientRoundId: randomUUID() },
    });
    const round = (await spin.json()).value.round;
    if (round.win !== '0') wins.push(round.win);
  }
  return wins;
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
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const masked = `${account.slice(0, 2)}***${account.slice(-1)}`;
  await expect(list).toContainText(masked);
  await expect(list).not.toContainText(account);
  await expect(list).toContainText('Classic Sevens');
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
  await expect(page.getByRole('list', { name: 'সবচেয়ে বড় জয়' })).toContainText(masked);
  await bnHeading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/games-bench-winners-bn-${isPhone ? 'phone' : 'desktop'}.png` });
});

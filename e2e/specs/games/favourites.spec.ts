// A new player stars games in a lobby, finds them on /fav, un-stars one and still sees the change after a
// reload; a launched game shows under "Recently played" in the slot lobby (spec §2.1 /fav, §7.3).
import { expect, type Page, test } from '@playwright/test';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import { solveBotCheck } from '../../../apps/server/src/modules/bot-check/solve.js';
import { captureConsoleErrors, isPhoneProject, skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test.describe.configure({ timeout: 90_000 });

async function newPlayer(page: Page) {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  // The demo merchant runs the bot check (BOTCHECK3): solve a challenge as the browser's worker would.
  const challenge = (await (await page.request.get('/wps/verification/bot-check')).json()) as EnvelopeOf<BotCheckChallenge>;
  await startLoggedIn(page, await registerByApi(page.request, newUsername(), { botCheck: await solveBotCheck(challenge.value) }));
}

const stars = (page: Page) => page.getByRole('main').getByRole('button', { name: /^Favourite: / });
const nameOf = async (star: ReturnType<typeof stars>) =>
  ((await star.getAttribute('aria-label')) ?? '').replace(/^Favourite: /, '');

test('stars two games, sees them on /fav, un-stars one, and the change survives a reload @smoke', async ({ page }, info) => {
  const device = isPhoneProject(info) ? 'phone' : 'desktop';
  const errors = captureConsoleErrors(page);
  await newPlayer(page);

  await page.goto('/rng');
  await expect(stars(page).nth(1)).toBeVisible();
  const [first, second] = [stars(page).nth(0), stars(page).nth(1)];
  const names = [await nameOf(first), await nameOf(second)];
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await first.click();
  await second.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `/tmp/fav-lobby-${device}.png` });

  await page.goto('/fav');
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  await expect(page.getByText('2 of 2 games')).toBeVisible();
  for (const name of names) await expect(page.getByRole('button', { name: `Favourite: ${name}`, pressed: true })).toBeVisible();
  await page.screenshot({ path: `/tmp/fav-list-${device}.png` });

  await page.getByRole('button', { name: `Favourite: ${names[0]}` }).click();
  await expect(page.getByRole('button', { name: `Favourite: ${names[0]}` })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('1 of 1 games')).toBeVisible();
  await expect(page.getByRole('button', { name: `Favourite: ${names[1]}`, pressed: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Favourite: ${names[0]}` })).toHaveCount(0);

  await page.getByRole('button', { name: `Favourite: ${names[1]}` }).click();
  await expect(page.getByText('You have no favourite games yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse games' })).toBeVisible();
  await page.screenshot({ path: `/tmp/fav-empty-${device}.png` });
  errors.expectNone();
});

test('a launched game appears under "Recently played" in the slot lobby', async ({ page }, info) => {
  const device = isPhoneProject(info) ? 'phone' : 'desktop';
  await newPlayer(page);
  await page.goto('/rng');
  await expect(page.getByRole('heading', { name: 'Recently played' })).toHaveCount(0);
  const name = await nameOf(stars(page).first());
  const launched = page.waitForResponse((response) => response.url().includes('/wps/game/launchGame'));
  await page.locator('main ul li button:not([aria-pressed])').filter({ hasText: name }).first().click();
  await expect(page).toHaveURL(/\/game\?/);
  expect((await (await launched).json()).success).toBe(true);

  await page.goto('/rng');
  const recent = page.getByRole('region', { name: 'Recently played' });
  await expect(recent).toBeVisible();
  await expect(recent.getByRole('button', { name: `Favourite: ${name}` })).toBeVisible();
  await page.screenshot({ path: `/tmp/fav-recent-${device}.png` });

  await useLanguage(page, 'bn');
  await page.goto('/rng');
  await expect(page.getByRole('region', { name: 'সম্প্রতি খেলা গেম' })).toBeVisible();
  await page.screenshot({ path: `/tmp/fav-recent-bn-${device}.png` });
});

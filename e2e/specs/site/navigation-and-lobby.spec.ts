// Navigation from the vendor list, a lobby's search and vendor filter in the URL, and the visitor's game click.
import { expect, test } from '@playwright/test';
import { captureConsoleErrors, isPhoneProject, skipPopupAnnouncement, useLanguage } from '../../support/site.js';

test.beforeEach(async ({ page }) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
});

test('categories with vendors are in the navigation; a category without vendors is absent', async ({
  page,
  request,
}, testInfo) => {
  const vendors = await (await request.get('/wps/relay/GCSGAME_gameVendor')).json();
  const withVendors: string[] = vendors.value.data.lanes
    .filter((lane: { cards: unknown[] }) => lane.cards.length > 0)
    .map((lane: { title: string }) => lane.title);
  const all = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'];
  const without = all.filter((category) => !withVendors.includes(category));
  expect(withVendors.length).toBeGreaterThan(0);
  expect(without.length, 'the demo catalogue leaves some categories without vendors').toBeGreaterThan(0);

  await page.goto('/index');
  const nav = isPhoneProject(testInfo) ? page.getByTestId('bottom-bar') : page.getByTestId('header-categories');
  if (isPhoneProject(testInfo)) {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const category of withVendors) await expect(drawer.locator(`[data-category="${category}"]`)).toBeVisible();
    for (const category of without) await expect(drawer.locator(`[data-category="${category}"]`)).toHaveCount(0);
    await expect(nav.locator(`[data-category="${withVendors[0]}"]`)).toBeVisible();
  } else {
    for (const category of withVendors) await expect(nav.locator(`[data-category="${category}"]`)).toBeVisible();
    const sideMenu = page.getByTestId('side-menu');
    for (const category of without) {
      await expect(nav.locator(`[data-category="${category}"]`)).toHaveCount(0);
      await expect(sideMenu.locator(`[data-category="${category}"]`)).toHaveCount(0);
    }
  }
  // The home page lists the same lanes.
  for (const category of without) await expect(page.locator(`main [data-category="${category}"]`)).toHaveCount(0);
  await expect(page.locator(`main [data-category="${withVendors[0]}"]`)).toBeVisible();
});

test('a lobby searches by name and filters by vendor, both kept in the URL', async ({ page }) => {
  const console = captureConsoleErrors(page);
  await page.goto('/rng');
  await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
  const games = page.locator('main ul li button:not([aria-pressed])'); // the card, not its favourite star
  await expect(games.first()).toBeVisible();
  const before = await games.count();
  expect(before).toBeGreaterThan(1);

  await page.getByRole('searchbox', { name: 'Search games' }).fill('lotus');
  await expect(page).toHaveURL(/[?&]q=lotus/);
  await expect(games).toHaveCount(1);
  await expect(games.first()).toContainText('Lotus Fortune');

  await page.getByRole('searchbox', { name: 'Search games' }).fill('no such game');
  await expect(page.getByText('No games match “no such game”.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search games' }).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(games).toHaveCount(before);

  const providers = page.getByRole('navigation', { name: 'Game providers' });
  await providers.getByRole('link', { name: 'Tessera Slots' }).click();
  await expect(page).toHaveURL(/[?&]vendor=TESSERA_RNG/);
  await expect(providers.getByRole('link', { name: 'Tessera Slots' })).toHaveAttribute('aria-current', 'true');
  await expect(games).toHaveCount(before);

  // Reloading keeps the filter: the URL is the state.
  await page.goto('/rng?vendor=TESSERA_RNG&q=sevens');
  await expect(page.getByRole('searchbox', { name: 'Search games' })).toHaveValue('sevens');
  await expect(games).toHaveCount(1);
  await expect(games.first()).toContainText('Classic Sevens');
  // Artwork loads lazily from the server (same origin: the demo lists no image CDN).
  await expect(games.first().locator('img')).toHaveAttribute('src', /^\/media\/catalogue\/games\//);
  console.expectNone();
});

test('a visitor who opens a game is asked to log in, in a dialog that only its controls close', async ({ page }) => {
  await page.goto('/rng');
  // The login popup of the accounts feature (or, without it, the "please log in" dialog).
  const dialog = page.getByRole('dialog');
  // A lobby refetch can replace the card under the pointer: click again until the dialog opens.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.locator('main ul li button').first().click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // The backdrop does not close it (spec 2.3).
  await page.mouse.click(4, 400);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  await page.locator('main ul li button').first().click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the popup announcement never lands over the server-painted home page; it opens with the next page, once per session', async ({
  browser,
}) => {
  test.slow(); // two sessions, several page loads
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await useLanguage(page, 'en');
  await page.goto('/index');
  await expect(page.getByRole('heading', { level: 2, name: 'Hot games' })).toBeVisible();
  // The page the server painted may already be in use: nothing lands over it.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The next page the app paints shows it: here the home page reached by a navigation.
  const home = page.getByRole('link', { name: /Home$/ }).first();
  await page.getByRole('link', { name: 'See all' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await home.click();
  const popup = page.getByRole('dialog', { name: 'Play responsibly' });
  await expect(popup).toBeVisible();
  // Modal: focus moves into it and Tab keeps it there.
  for (let press = 0; press < 4; press += 1) {
    await expect.poll(() => popup.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await page.goto('/hot');
  await home.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Hot games' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A new session sees it again, with the first paint of a page the app paints; nobody asked for it, so a tap
  // beside it closes it too (the spec's special-close flag), where a popup the player opened stays.
  const next = await context.newPage();
  await next.goto('/hot');
  await next.getByRole('link', { name: /Home$/ }).first().click();
  const again = next.getByRole('dialog', { name: 'Play responsibly' });
  await expect(again).toBeVisible();
  await next.mouse.click(4, 400);
  await expect(again).toHaveCount(0);
  await context.close();
});

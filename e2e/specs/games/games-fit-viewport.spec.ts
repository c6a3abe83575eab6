// Every house game fits the screen it is played on: on a small phone, a tall phone, a laptop and a large monitor
// the balance and the controls of a round are on screen without scrolling, before a round and after one.
import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { isPhoneProject, saveShot } from '../../support/site.js';
import { fundedPlayer, openFromLobby } from './player-kit.js';

test.describe.configure({ timeout: 180_000 });

const PHONE_SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];
const DESKTOP_SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

const frameOf = (page: Page) => page.frameLocator('[data-testid="game-frame"]');

/** Each control lies wholly inside the game frame and the window, and neither the page nor the game has scrolled. */
async function expectOnScreen(page: Page, controls: Record<string, Locator>, when: string) {
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  const where = `${size.width}×${size.height} ${when}`;
  expect(await page.evaluate(() => [window.scrollX, window.scrollY]), `${where}: the page scrolled`).toEqual([0, 0]);
  expect(
    await page
      .locator('[data-testid="game-frame"]')
      .evaluate((frame: HTMLIFrameElement) => [frame.contentWindow?.scrollX, frame.contentWindow?.scrollY]),
    `${where}: the game scrolled`,
  ).toEqual([0, 0]);
  const frame = await page.getByTestId('game-frame').boundingBox();
  expect(frame, where).not.toBeNull();
  if (!frame) return;
  const bottom = Math.min(size.height, frame.y + frame.height);
  const right = Math.min(size.width, frame.x + frame.width);
  for (const [name, control] of Object.entries(controls)) {
    const box = await control.boundingBox();
    expect(box, `${where}: ${name}`).not.toBeNull();
    if (!box) continue;
    const isInside =
      box.x >= frame.x - 0.5 && box.y >= frame.y - 0.5 && box.x + box.width <= right + 0.5 && box.y + box.height <= bottom + 0.5;
    expect(
      isInside,
      `${where}: ${name} at ${JSON.stringify(box)} is outside ${JSON.stringify({ ...frame, bottom, right })}`,
    ).toBe(true);
  }
}

/** Text wider than the control that shows it: a select whose options do not fit its box. */
async function truncatedOptions(select: Locator) {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['no canvas'];
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // The arrow and the side padding take about 2.5em of the box.
    const room = element.clientWidth - 2.5 * Number.parseFloat(style.fontSize);
    return [...element.options].map((option) => option.text).filter((text) => context.measureText(text).width > room);
  });
}

const sizesOf = (isPhone: boolean) => (isPhone ? PHONE_SIZES : DESKTOP_SIZES);

for (const slot of [
  { name: 'Classic Sevens', card: /Classic Sevens Tessera/ },
  { name: 'Lotus Fortune', card: /Lotus Fortune Tessera/ },
]) {
  test(`${slot.name} fits every screen with its balance, bet and spin in view`, async ({ page }, info) => {
    const isPhone = isPhoneProject(info);
    await fundedPlayer(page, 'en');
    await page.goto('/rng');
    await openFromLobby(page, slot.card);
    const game = frameOf(page);
    const controls = {
      balance: game.getByText('Balance', { exact: true }),
      bet: game.getByRole('button', { name: 'Raise bet' }),
      spin: game.getByRole('button', { name: 'Spin', exact: true }),
    };
    for (const size of sizesOf(isPhone)) {
      await page.setViewportSize(size);
      await expect(controls.spin).toBeEnabled({ timeout: 15_000 });
      await expectOnScreen(page, controls, 'before a round');
      await controls.spin.click();
      await expect(game.getByText(/#\d+/)).toBeVisible({ timeout: 15_000 });
      await expect(controls.spin).toBeEnabled();
      await expectOnScreen(page, controls, 'after a round');
      await saveShot(page, info, `game-fit-${slot.name.replace(/ /g, '-').toLowerCase()}-${size.width}x${size.height}`);
    }
  });
}

const LOTTERIES = [
  { name: 'SEA 5D', path: '/lottery?vendor=TESSERA_LOTT&gameCode=TS_SEA_LOTTO&playType=last2', heading: 'SEA 5D lottery' },
  { name: 'VN northern', path: '/vnlottery', heading: 'Vietnam northern lottery' },
  { name: 'Fast 3', path: '/elott?vendor=TESSERA_ELOTT&gameCode=TS_ELOTT_1M&playType=bigSmall', heading: 'Fast 3 dice' },
];

// A lottery page is a form with a draw card, tabs and a slip: the slip may scroll, but a player starts from the
// balance, the bet type, the stake and Add to slip, which are on screen at once; every bet-type name readable.
for (const lottery of LOTTERIES) {
  for (const language of ['en', 'bn'] as const) {
    test(`${lottery.name} (${language}) opens on every screen with its balance, bet type, stake and Add to slip in view`, async ({
      page,
    }, info) => {
      const isPhone = isPhoneProject(info);
      await fundedPlayer(page, language);
      await page.goto(lottery.path);
      const game: FrameLocator = frameOf(page);
      await expect(game.locator('#game-title')).toBeVisible({ timeout: 15_000 });
      if (language === 'en') await expect(game.getByRole('heading', { name: lottery.heading })).toBeVisible();
      const controls = {
        balance: game.getByTestId('lottery-balance'),
        'bet type': game.locator('#bet-type'),
        stake: game.locator('#stake'),
        'add to slip': game.locator('.bet-form button[type="submit"]'),
      };
      for (const size of sizesOf(isPhone)) {
        await page.setViewportSize(size);
        await expectOnScreen(page, controls, 'before a bet');
        expect(await truncatedOptions(controls['bet type']), `${size.width}×${size.height}`).toEqual([]);
        const shot = `game-fit-${lottery.name.replace(/ /g, '-').toLowerCase()}-${language}-${size.width}x${size.height}`;
        await saveShot(page, info, shot);
      }
    });
  }
}

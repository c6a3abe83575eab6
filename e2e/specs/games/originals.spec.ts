// A player opens each instant game (dice, limbo, the wheel) from the RNG lobby, bets once in the /game frame (the
// dice by keyboard), verifies a round in the game after revealing the seed, and finds the three rounds in the betting
// record, where the dice round verifies in the browser too (issue 23 item 2). Phone in Bengali, desktop in English.
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { expectNoRawPlaceholders } from '../../support/site.js';
import { fundedPlayer } from './player-kit.js';

test.describe.configure({ timeout: 300_000 });

const TEXT = {
  en: {
    games: { dice: 'Dice', limbo: 'Limbo', wheel: 'Wheel' },
    bet: 'Bet',
    verify: 'Verify this round',
    reveal: 'Reveal the seed and start a new one',
    recordVerify: /Verify round/,
    verified: 'Verified ✓',
    close: 'Close',
  },
  bn: {
    games: { dice: 'ডাইস', limbo: 'লিম্বো', wheel: 'হুইল' },
    bet: 'বাজি ধরুন',
    verify: 'এই রাউন্ড যাচাই করুন',
    reveal: 'সিড প্রকাশ করে নতুন সিড শুরু করুন',
    recordVerify: /রাউন্ড .+ যাচাই/,
    verified: 'যাচাইকৃত ✓',
    close: 'বন্ধ করুন',
  },
} as const;

const shot = async (page: Page, name: string, language: string) => {
  await expectNoRawPlaceholders(page);
  await page.screenshot({ path: `/tmp/originals-${name}-${language}.png`, fullPage: false });
};

/** Opens a game from its card in the RNG lobby; a lobby refetch can replace the card under the pointer, so click again. */
async function openFromLobby(page: Page, card: RegExp, gameId: string) {
  await page.goto('/rng');
  await expect(async () => {
    if (!page.url().includes('/game?')) await page.getByRole('button', { name: card }).click({ timeout: 10_000 });
    await expect(page).toHaveURL(new RegExp(`/game\\?.*gameId=${gameId}`), { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

/** The round line shows once the round is settled: "#" and its id, in the page's numerals. */
const settled = (frame: FrameLocator) => expect(frame.getByText(/#[\d০-৯]+/)).toBeVisible({ timeout: 30_000 });

for (const language of ['bn', 'en'] as const) {
  test(`plays dice, limbo and the wheel once each; the betting record agrees (${language})`, async ({ page }) => {
    const text = TEXT[language];
    await fundedPlayer(page, language);
    const frame = page.frameLocator('[data-testid="game-frame"]');

    for (const game of ['dice', 'limbo', 'wheel'] as const) {
      await openFromLobby(page, new RegExp(`^${text.games[game]} Tessera`), `TS_${game.toUpperCase()}`);
      await expect(frame.getByRole('heading', { name: text.games[game] })).toBeVisible({ timeout: 30_000 });
      const play = frame.getByRole('button', { name: text.bet, exact: true });
      if (game === 'dice') {
        await play.focus();
        await page.keyboard.press('Enter');
      } else {
        await play.click();
      }
      await settled(frame);
      // Balance, session clock and net position stay in view; Bengali numerals on a Bengali page.
      if (language === 'bn') await expect(frame.getByText(/^[০-৯]{2}:[০-৯]{2}:[০-৯]{2}$/)).toBeVisible();
      await shot(page, game, language);
    }

    // The wheel's round, verified in the game: the seed is revealed, the browser replays the round.
    await frame.getByRole('button', { name: text.verify }).click();
    const inGame = frame.getByRole('dialog');
    await inGame.getByRole('button', { name: text.reveal }).click();
    await expect(inGame.locator('[data-verdict="verified"]')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'verify', language);
    await inGame.getByRole('button', { name: text.close }).click();

    await page.goto('/index?mc=personalHistoryCopy');
    const rows = page.getByTestId('betting-record').getByTestId('bet-row');
    await expect(rows).toHaveCount(3, { timeout: 30_000 });
    for (const [index, game] of (['wheel', 'limbo', 'dice'] as const).entries()) {
      await expect(rows.nth(index)).toContainText(text.games[game]);
    }
    await shot(page, 'record', language);
    await rows.nth(2).getByRole('button', { name: text.recordVerify }).click();
    const verify = page.getByRole('dialog', { name: text.recordVerify });
    await expect(verify.getByTestId('verify-verdict')).toContainText(text.verified, { timeout: 30_000 });
    await expect(verify).toContainText(text.games.dice);
    await shot(page, 'record-verify', language);
  });
}

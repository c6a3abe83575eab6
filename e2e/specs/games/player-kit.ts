import { expect, type Page } from '@playwright/test';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

/** A new player with ৳1,000 from the demo deposit channel (deposited in English: the amount buttons' text), then `language`. */
export async function fundedPlayer(page: Page, language: 'en' | 'bn') {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await startLoggedIn(page, await registerByApi(page.request, newUsername()));
  await page.goto('/index?mc=depositv2');
  const centre = page.getByRole('dialog');
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');
  // A later init script runs after the first one, so its language wins from the next navigation on.
  if (language !== 'en') await useLanguage(page, language);
}

/** A lobby refetch can replace the card under the pointer; click again until the game route opens. */
export async function openFromLobby(page: Page, card: RegExp) {
  await expect(async () => {
    if (!page.url().includes('/game?')) await page.getByRole('button', { name: card }).click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/game\?/, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

/** One spin in the /game frame, settled: its round id shows. */
export async function spinOnce(page: Page, spinLabel: string) {
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByRole('button', { name: spinLabel, exact: true }).click();
  await expect(frame.getByText(/#\d+/)).toBeVisible({ timeout: 15_000 });
}

/**
 * Slot rounds of ৳0.50 through the API with the page's site token (launch, game session, spins); answers the
 * rounds' wins in minor units, the losing rounds left out. `enough`, told each round's win (0 for a loss), ends the
 * play early by answering true.
 */
export async function playRounds(
  page: Page,
  rounds: number,
  gameCode = 'TS_CLASSIC_SEVENS',
  enough: (win: number) => boolean = () => false,
): Promise<number[]> {
  const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
  const launch = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: token },
    data: { gameId: gameCode, vassalage: 'TESSERA_RNG', launchMode: 'GLS', platform: 'html5-desktop' },
  });
  const ticket = new URL((await launch.json()).value.content.game_url, 'http://x').searchParams.get('session');
  const session = (await (await page.request.post('/wps/house-games/session', { data: { ticket } })).json()).value;
  const wins: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const spin = await page.request.post('/wps/house-games/slots/spin', {
      headers: { 'x-game-session': session.sessionToken },
      data: { gameCode, bet: '50', clientRoundId: crypto.randomUUID() },
    });
    const body = await spin.json();
    expect(body.success).toBe(true);
    const win = Number(body.value.round.win);
    if (win !== 0) wins.push(win);
    if (enough(win)) break;
  }
  return wins;
}

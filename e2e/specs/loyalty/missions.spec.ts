// A player completes a mission the operator made (two slot bets), sees the badge on the members centre's "mission
// activity" entry, the mission's full bar and the leaderboard, claims the reward in the reward centre, and the badge
// follows. Bengali and English, phone and desktop.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot, text } from '../../support/site.js';
import { fundedPlayer } from '../games/player-kit.js';

test.describe.configure({ timeout: 240_000 });
const expectSoon = expect.configure({ timeout: 30_000 });

/** Letters only: BN pages refuse Latin digits, and the name tells this run's mission from others'. */
const letters = () => Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const shown = (count: number, language: 'en' | 'bn') =>
  language === 'en' ? String(count) : [...String(count)].map((digit) => BN_DIGITS[Number(digit)]).join('');

/** Slot rounds through the API with the page's site token: Lotus Fortune at `bet` minor units each. */
async function spins(page: Page, rounds: number, bet: string) {
  const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
  const launch = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: token },
    data: { gameId: 'TS_LOTUS_FORTUNE', vassalage: 'TESSERA_RNG', launchMode: 'GLS', platform: 'html5-desktop' },
  });
  const ticket = new URL((await launch.json()).value.content.game_url, 'http://x').searchParams.get('session');
  const session = (await (await page.request.post('/wps/house-games/session', { data: { ticket } })).json()).value;
  for (let round = 0; round < rounds; round += 1) {
    const spin = await page.request.post('/wps/house-games/slots/spin', {
      headers: { 'x-game-session': session.sessionToken },
      data: { gameCode: 'TS_LOTUS_FORTUNE', bet, clientRoundId: crypto.randomUUID() },
    });
    expect((await spin.json()).success).toBe(true);
  }
}

/** The rewards waiting for the page's player, as the API counts them (other runs' missions may be done too). */
async function claimableCount(page: Page): Promise<number> {
  const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
  const answer = await page.request.get('/wps/relay/MCSFE_getMissionSummaryDetails', { headers: { authorization: token } });
  return (await answer.json()).value.claimableCount;
}

for (const language of ['en', 'bn'] as const) {
  test(`completes a mission and claims it in the reward centre; the badge follows (${language.toUpperCase()})`, async ({
    page,
  }, info) => {
    const shot = (name: string) => saveShot(page, info, `missions-${name}-${info.project.name}-${language}`);
    const staff = await staffToken(page.request, `mis${randomBytes(4).toString('hex')}`, 'owner');
    const name = `Spin ${letters()}`;
    const created = await page.request.post('/bo/api/missions', {
      headers: { authorization: staff },
      data: {
        names: { en: name, bn: `${name} বাংলা` },
        kind: 'bet_count',
        gameCategory: 'RNG',
        target: '2',
        period: 'daily',
        rewardType: 'points',
        rewardAmount: '25',
        promotionId: null,
      },
    });
    const mission = (await created.json()).value;
    expect(mission.id).toBeTruthy();
    const title = language === 'en' ? name : `${name} বাংলা`;

    try {
      await fundedPlayer(page, language);
      await spins(page, 1, '20000');
      await page.goto('/index?mc=missionLeaderboard');
      const centre = page.getByRole('dialog', { name: text(language, 'members_centre.title') });
      const card = centre.getByTestId('mission').filter({ hasText: title });
      await expectSoon(card.getByTestId('mission-status')).toHaveText(text(language, 'missions.status.in_progress'));
      await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

      await spins(page, 1, '20000');
      await page.reload();
      await expectSoon(card.getByTestId('mission-status')).toHaveText(text(language, 'missions.status.claimable'));
      await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      const before = await claimableCount(page);
      expect(before).toBeGreaterThan(0);
      const entries = centre.getByRole('navigation', { name: text(language, 'members_centre.entries') });
      await expectSoon(entries.getByTestId('entry-badge')).toHaveText(shown(before, language));
      await expect(centre.getByTestId('mission-leaderboard')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shot('mission');

      await entries.getByRole('button', { name: text(language, 'members_centre.entry.reward_center'), exact: true }).click();
      const reward = centre.getByTestId('reward').filter({ hasText: title });
      await expectSoon(reward).toContainText(text(language, 'reward_centre.source.mission'));
      expect(await seriousViolations(page)).toEqual([]);
      await shot('reward-centre');
      await reward.getByRole('button', { name: text(language, 'reward_centre.claim_named').replace('{{title}}', title) }).click();
      await expectSoon(centre.getByRole('status').filter({ hasText: title })).toBeVisible();
      await expectSoon(reward).toHaveCount(0);
      if (before === 1) await expectSoon(entries.getByTestId('entry-badge')).toHaveCount(0);
      else await expectSoon(entries.getByTestId('entry-badge')).toHaveText(shown(before - 1, language));
      await shot('claimed');
    } finally {
      await page.request.post('/bo/api/missions/stop', { headers: { authorization: staff }, data: { id: mission.id } });
    }
  });
}

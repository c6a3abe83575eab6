// Screenshots of the main screens in BN and EN at the project's size, for people to look at
// (E2E_SHOTS_DIR=/tmp/shots keeps them; otherwise they go to the test output).
import { expect, test } from '@playwright/test';
import { saveShot, skipPopupAnnouncement, useLanguage } from '../../support/site.js';

const SCREENS = [
  { name: 'home', path: '/index', ready: 'main h2' },
  { name: 'lobby', path: '/rng', ready: 'main ul li button img' },
  { name: 'notices', path: '/noticePage', ready: 'main article' },
] as const;

for (const language of ['bn', 'en'] as const) {
  test(`screens in ${language.toUpperCase()}`, async ({ page }, testInfo) => {
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator(screen.ready).first()).toBeVisible();
      await expect(page.locator('[role="status"]')).toHaveCount(0);
      await page.evaluate(() => document.fonts.ready);
      await saveShot(page, testInfo, `${screen.name}-${testInfo.project.name}-${language}`);
    }
  });
}

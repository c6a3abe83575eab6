// The house's newer slots, each in its own theme: a player opens each from the RNG lobby (its thumbnail shown),
// spins once, and reads its paytable and rules; the reels show the theme's drawings, not letters on tiles
// (issue 23 item 1). Phone in Bengali, desktop in English.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { isPhoneProject, saveShot } from '../../support/site.js';
import { fundedPlayer, openFromLobby, spinOnce } from './player-kit.js';

test.describe.configure({ timeout: 300_000 });

/** The machine runs many specs at once: pages and the game frame get the time a loaded server needs. */
const LOADED = { timeout: 30_000 };

const TEXT = {
  en: { spin: 'Spin', paytable: 'Paytable', rules: 'Rules', close: 'Close', rtp: /Return to player: 9\d\.\d\d%/ },
  bn: { spin: 'স্পিন', paytable: 'পে-টেবিল', rules: 'নিয়ম', close: 'বন্ধ করুন', rtp: /খেলোয়াড়ের কাছে ফেরত: ৯[০-৯]\.[০-৯]{2}%/ },
};

const SLOTS = [
  { code: 'TS_BENGAL_TIGER', theme: 'bengal-tiger', names: { en: 'Bengal Tiger', bn: 'বেঙ্গল টাইগার' }, retrigger: true },
  {
    code: 'TS_FESTIVAL_LIGHTS',
    theme: 'festival-lights',
    names: { en: 'Festival of Lights', bn: 'আলোর উৎসব' },
    retrigger: false,
  },
];

async function frameViolations(page: Page) {
  const scan = await new AxeBuilder({ page })
    .include('[data-testid="game-frame"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const language of ['en', 'bn'] as const) {
  test(`a player opens each new slot, spins and reads its rules (${language})`, async ({ page }, info) => {
    const text = TEXT[language];
    const device = isPhoneProject(info) ? 'phone' : 'desktop';
    await fundedPlayer(page, language);
    for (const slot of SLOTS) {
      await page.goto('/rng');
      const card = page.getByRole('button', { name: new RegExp(`${slot.names[language]} Tessera`) });
      await expect(card.locator('img')).toHaveAttribute(
        'src',
        new RegExp(`/media/catalogue/games/${slot.theme}\\.[0-9a-f]{8}\\.svg$`),
        LOADED,
      );
      await openFromLobby(page, new RegExp(`${slot.names[language]} Tessera`));
      await expect(page).toHaveURL(new RegExp(`gameId=${slot.code}`));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      // The theme's drawings fill every cell from the start (no blank or lettered tiles).
      await expect(frame.locator('body')).toHaveAttribute('data-theme', slot.theme, LOADED);
      await expect(frame.locator('.reels .cell use')).toHaveCount(15, LOADED);
      const reels = frame.locator('.reels');
      const before = await reels.boundingBox();
      await spinOnce(page, text.spin);
      // Fixed-size reels: a spin moves nothing on the page.
      expect(await reels.boundingBox()).toEqual(before);
      await expect(frame.locator('.reels')).toHaveAttribute('aria-label', /\S/);
      await saveShot(page, info, `slots-${slot.theme}-${device}-${language}`);

      await frame.getByRole('button', { name: text.paytable, exact: true }).click();
      const dialog = frame.getByRole('dialog');
      await expect(dialog).toContainText(text.rtp);
      await expect(dialog.getByRole('heading', { name: text.rules })).toBeVisible();
      await expect(dialog.locator('.payline')).toHaveCount(slot.code === 'TS_BENGAL_TIGER' ? 20 : 10);
      if (slot.retrigger) await expect(dialog).toContainText(language === 'en' ? 'up to 50 in one feature' : 'সর্বোচ্চ ৫০টি');
      // One scan is enough: every slot's dialog and page are built by the same code.
      if (slot === SLOTS[0]) expect(await frameViolations(page)).toEqual([]);
      await saveShot(page, info, `slots-${slot.theme}-rules-${device}-${language}`);
      await dialog.getByRole('button', { name: text.close }).click();
    }
  });
}

// The home headline scrolls for a visitor whose device allows motion, and stands still, wrapped, for one who asks
// for less (the other specs run with reduced motion: playwright.config.ts says why).
import { expect, type Page, test } from '@playwright/test';
import { skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';

const HEADLINE = 'Lottery draws all day and play-money deposits credited at once. Play responsibly: 18+ only.';

async function openHome(page: Page) {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await page.goto('/index');
  const bar = page.getByRole('region', { name: text('en', 'home.headlines') });
  await expect(bar.getByText(HEADLINE, { exact: true }).first()).toBeVisible();
  return bar;
}

/** The running animations of the headline's moving line, by name and length. */
const trackAnimations = (page: Page) =>
  page.locator('.tessera-marquee-track').evaluate((track) =>
    track.getAnimations().map((animation) => ({
      name: (animation as CSSAnimation).animationName,
      duration: animation.effect?.getTiming().duration,
    })),
  );

test.describe('motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the headline scrolls in a loop, its second copy hidden from screen readers (EN)', async ({ page }) => {
    const bar = await openHome(page);
    expect(await trackAnimations(page)).toEqual([{ name: 'tessera-marquee', duration: 24_000 }]);
    await expect(bar.getByText(HEADLINE, { exact: true })).toHaveCount(2);
    await expect(bar.getByText(HEADLINE, { exact: true }).nth(1)).toHaveAttribute('aria-hidden', 'true');
  });
});

test.describe('motion reduced', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the headline stands still and wraps, shown once (EN)', async ({ page }) => {
    const bar = await openHome(page);
    expect(await trackAnimations(page)).toEqual([]);
    await expect(bar.getByText(HEADLINE, { exact: true }).nth(1)).toBeHidden();
    await expect(bar.locator('.tessera-marquee-track')).toHaveCSS('white-space', 'normal');
  });
});

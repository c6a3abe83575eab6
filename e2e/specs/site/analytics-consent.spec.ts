// Analytics after consent (issue 21 item 8): with the merchant's Google tag set, the player site asks first, loads
// the tag only once the player accepts, and never after a refusal, across reloads; the footer's "Cookie settings"
// changes the answer later (a withdrawal stops the running tag and it is not loaded again; a late yes loads it). The tag's origin is answered by a
// local fixture (the machine has no internet); a request reaching it also proves the page's policy allowed it.
// @exclusive: it sets the merchant's `analytics` setting, and puts it back.
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { seriousViolations } from '../../support/back-office.js';
import { LAYOUT_RUNS, LAYOUTS } from '../../support/layouts.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';

test.describe.configure({ timeout: 120_000 });

const GTAG_ID = 'G-E2ETESSERA';
let savedAnalytics = '';

test.beforeAll(async () => {
  savedAnalytics = await admin('settings', 'get', 'analytics');
  await admin('settings', 'set', 'analytics', JSON.stringify({ gtagId: GTAG_ID }));
});
test.afterAll(async () => {
  await admin('settings', 'set', 'analytics', savedAnalytics);
});

/** Every request for the Google tag, answered by a stand-in script that marks the page. */
async function fakeGoogleTag(page: Page) {
  const requested: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'document.documentElement.dataset.googleTag = "loaded";' });
  });
  return requested;
}

for (const { layout, language } of LAYOUT_RUNS) {
  test.describe(`@exclusive analytics consent on a ${layout}`, () => {
    test.use(LAYOUTS[layout]);
    const say = (key: string) => text(language, `analytics.consent.${key}`);

    test(`asks before loading the Google tag and keeps the answer (${language.toUpperCase()})`, async ({ page }, info) => {
      await skipPopupAnnouncement(page);
      await useLanguage(page, language);
      const requested = await fakeGoogleTag(page);
      await page.goto('/index');
      const banner = page.getByRole('region', { name: say('title') });
      await expect(banner).toBeVisible({ timeout: 30_000 });
      expect(requested).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      if (layout === 'phone') {
        // Above the bottom bar, which stays usable.
        const bar = await page.getByTestId('bottom-bar').boundingBox();
        const box = await banner.boundingBox();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
      }
      await saveShot(page, info, `analytics-consent-${layout}-${language}`);

      if (language === 'bn') {
        await banner.getByRole('button', { name: say('accept') }).click();
        await expect(banner).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('data-google-tag', 'loaded');
        expect(requested).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GTAG_ID}`]);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('data-google-tag', 'loaded');
        await expect(banner).toHaveCount(0);

        // Withdrawn later from the footer: the running tag is switched off, and the next page does not load it.
        await page.getByRole('button', { name: say('settings'), exact: true }).click();
        await expect(banner).toBeFocused();
        await expect(banner).toContainText(say('current_granted'));
        await saveShot(page, info, `analytics-consent-asked-again-${layout}-${language}`);
        await banner.getByRole('button', { name: say('decline') }).click();
        await expect(banner).toHaveCount(0);
        expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], GTAG_ID)).toBe(
          true,
        );
        const loads = requested.length;
        await page.reload();
        await expect(page.getByTestId('site-footer')).toBeAttached();
        await page.waitForLoadState('load');
        await expect(page.locator('html')).not.toHaveAttribute('data-google-tag', 'loaded');
        expect(requested).toHaveLength(loads);
      } else {
        // By keyboard: the banner's buttons are reached like any others.
        await banner.getByRole('button', { name: say('decline') }).focus();
        await page.keyboard.press('Enter');
        await expect(banner).toHaveCount(0);
        await page.reload();
        await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
        await page.waitForLoadState('load');
        await expect(banner).toHaveCount(0);
        expect(requested).toEqual([]);
        expect(await page.evaluate(() => 'gtag' in window)).toBe(false);

        // Changed later from the footer, by keyboard: a yes loads the tag at once.
        await page.getByRole('button', { name: say('settings'), exact: true }).focus();
        await page.keyboard.press('Enter');
        await expect(banner).toContainText(say('current_denied'));
        await saveShot(page, info, `analytics-consent-asked-again-${layout}-${language}`);
        await banner.getByRole('button', { name: say('accept') }).click();
        await expect(banner).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('data-google-tag', 'loaded');
      }
    });
  });
}

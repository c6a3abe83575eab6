// Every route of spec 2.1 (plus /login, /download, /feedback and an unknown path) as a visitor, at the phone and
// desktop sizes of the two projects: the right layout variant, a heading, no console errors, and an axe-core
// scan with no serious or critical violation (every route on desktop; on the phone, PHONE_SCANS).
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { captureConsoleErrors, expectLayout, isPhoneProject, type Layout, skipPopupAnnouncement } from '../../support/site.js';

/** `popup`: the route opens a dialog over the home page, which hides the page (and its h1) from assistive technology. */
const ROUTES: { path: string; layout: Layout; landsOn?: string; popup?: true }[] = [
  { path: '/', layout: 'full', landsOn: '/index' },
  { path: '/index', layout: 'full' },
  { path: '/login', layout: 'full', popup: true },
  { path: '/register', layout: 'full', popup: true },
  { path: '/register.html', layout: 'full', popup: true },
  { path: '/noticePage', layout: 'full' },
  { path: '/vip', layout: 'full' },
  { path: '/pointMall', layout: 'no-side-menu' },
  { path: '/sports', layout: 'full' },
  { path: '/esports', layout: 'full' },
  { path: '/rng', layout: 'full' },
  { path: '/live', layout: 'full' },
  { path: '/pvp', layout: 'full' },
  { path: '/fish', layout: 'full' },
  { path: '/hot', layout: 'full' },
  { path: '/fav', layout: 'full' },
  { path: '/jlrng', layout: 'full' },
  { path: '/pgrng', layout: 'full' },
  { path: '/lottery', layout: 'header-only' },
  { path: '/vnlottery', layout: 'header-only' },
  { path: '/seaLottery', layout: 'header-only' },
  { path: '/elott', layout: 'header-only' },
  { path: '/promotions', layout: 'full' },
  { path: '/promoDetail', layout: 'full' },
  { path: '/seamless', layout: 'header-only' },
  { path: '/help', layout: 'full' },
  { path: '/helpmc', layout: 'no-header' },
  { path: '/down', layout: 'full' },
  { path: '/download', layout: 'full' },
  { path: '/join', layout: 'full' },
  { path: '/game', layout: 'header-only' },
  { path: '/feedback', layout: 'full' },
  { path: '/no-such-page', layout: 'full' },
];

/**
 * The phone scans one route of each layout variant plus the popups and the lobby: the phone's own chrome (bottom
 * bar, side menu) is the same on every route, and the desktop project scans every route.
 */
const PHONE_SCANS = new Set([
  '/index',
  '/login',
  '/register',
  '/rng',
  '/lottery',
  '/pointMall',
  '/helpmc',
  '/noticePage',
  '/no-such-page',
]);

test.describe('every route as a visitor', () => {
  for (const route of ROUTES) {
    test(`${route.path} shows its layout, no console errors and no serious axe violations`, async ({ page }, testInfo) => {
      test.slow(); // a page load plus a full axe scan, on a machine shared with other test runs
      await skipPopupAnnouncement(page);
      const console = captureConsoleErrors(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      // The lottery screens add the game they launch to the query (a reload opens the same game).
      await expect(page).toHaveURL((url) => url.pathname === (route.landsOn ?? route.path));
      const landmark = route.popup ? page.getByRole('dialog') : page.getByRole('heading', { level: 1 }).first();
      await expect(landmark).toBeVisible({ timeout: 30_000 });
      // Wait until loading states are gone, so the scan sees the finished screen.
      await expect(page.locator('[role="status"]')).toHaveCount(0, { timeout: 30_000 });
      await expectLayout(page, route.layout, isPhoneProject(testInfo));
      if (route.path === '/no-such-page') await expect(page.getByText('404')).toBeVisible();

      if (!isPhoneProject(testInfo) || PHONE_SCANS.has(route.path)) {
        // Legacy mode runs axe in the page itself; the default opens a blank page to merge frame results, which
        // costs a second page per scan and matters only for cross-origin iframes (no route has one).
        const scan = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .setLegacyMode(true)
          .analyze();
        const serious = scan.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        expect(serious, 'serious or critical axe violations').toEqual([]);
      }
      console.expectNone();
    });
  }
});

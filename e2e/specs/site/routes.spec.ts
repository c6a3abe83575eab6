// Every route of spec 2.1 (plus /login, /download, /feedback and an unknown path) as a visitor: the right status
// and title, layout variant, a heading, no console errors, and an axe-core scan with no serious or critical
// violation. Every route on the desktop; on the phone, PHONE_ROUTES.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  captureConsoleErrors,
  expectLayout,
  isPhoneProject,
  type Layout,
  skipPopupAnnouncement,
  text,
} from '../../support/site.js';

/** `popup`: the route opens a dialog over the home page, which hides the page (and its h1) from assistive technology. */
/** `title`: the key of the page's name, which the tab's title starts with (WCAG 2.4.2); visitors see Bengali. */
const ROUTES: { path: string; title: string; layout: Layout; landsOn?: string; popup?: true }[] = [
  { path: '/', title: 'routes.home', layout: 'full', landsOn: '/index' },
  { path: '/index', title: 'routes.home', layout: 'full' },
  { path: '/login', title: 'accounts.login.title', layout: 'full', popup: true },
  { path: '/register', title: 'accounts.register.title', layout: 'full', popup: true },
  { path: '/register.html', title: 'accounts.register.title', layout: 'full', popup: true },
  { path: '/noticePage', title: 'routes.notices', layout: 'full' },
  { path: '/vip', title: 'routes.vip', layout: 'full' },
  { path: '/pointMall', title: 'routes.point_mall', layout: 'no-side-menu' },
  { path: '/sports', title: 'routes.sports', layout: 'full' },
  { path: '/esports', title: 'routes.esports', layout: 'full' },
  { path: '/rng', title: 'routes.rng', layout: 'full' },
  { path: '/live', title: 'routes.live', layout: 'full' },
  { path: '/pvp', title: 'routes.pvp', layout: 'full' },
  { path: '/fish', title: 'routes.fish', layout: 'full' },
  { path: '/hot', title: 'routes.hot', layout: 'full' },
  { path: '/fav', title: 'routes.fav', layout: 'full' },
  { path: '/jlrng', title: 'routes.jlrng', layout: 'full' },
  { path: '/pgrng', title: 'routes.pgrng', layout: 'full' },
  { path: '/lottery', title: 'routes.lottery', layout: 'header-only' },
  { path: '/vnlottery', title: 'routes.vnlottery', layout: 'header-only' },
  { path: '/seaLottery', title: 'routes.sea_lottery', layout: 'header-only' },
  { path: '/elott', title: 'routes.elott', layout: 'header-only' },
  { path: '/promotions', title: 'routes.promotions', layout: 'full' },
  { path: '/promoDetail', title: 'routes.promo_detail', layout: 'full' },
  { path: '/seamless', title: 'routes.seamless', layout: 'header-only' },
  { path: '/help', title: 'routes.help', layout: 'full' },
  { path: '/helpmc', title: 'routes.help_center', layout: 'no-header' },
  { path: '/down', title: 'routes.download', layout: 'full' },
  { path: '/download', title: 'routes.download', layout: 'full' },
  { path: '/join', title: 'routes.join', layout: 'full' },
  { path: '/game', title: 'routes.game', layout: 'header-only' },
  { path: '/feedback', title: 'routes.feedback', layout: 'full' },
  { path: '/no-such-page', title: 'not_found.title', layout: 'full' },
];

/**
 * The phone opens one route of each layout variant plus the popups and the lobby: the phone's own chrome (bottom
 * bar, side menu) is the same on every route of a variant, and the desktop project opens every route.
 */
const PHONE_ROUTES = new Set([
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
    const desktopOnly = PHONE_ROUTES.has(route.path) ? '' : ' @desktop';
    test(`${route.path} shows its layout, no console errors and no serious axe violations${desktopOnly}`, async ({
      page,
    }, testInfo) => {
      test.slow(); // a page load plus a full axe scan, on a machine shared with other test runs
      await skipPopupAnnouncement(page);
      const console = captureConsoleErrors(page);
      const response = await page.goto(route.path);
      // An unknown path is the same app, which shows its not-found page, with the status that says so.
      expect(response?.status()).toBe(route.path === '/no-such-page' ? 404 : 200);
      // The lottery screens add the game they launch to the query (a reload opens the same game).
      await expect(page).toHaveURL((url) => url.pathname === (route.landsOn ?? route.path));
      const landmark = route.popup ? page.getByRole('dialog') : page.getByRole('heading', { level: 1 }).first();
      await expect(landmark).toBeVisible({ timeout: 30_000 });
      // Wait until loading states are gone, so the scan sees the finished screen.
      await expect(page.locator('[role="status"]')).toHaveCount(0, { timeout: 30_000 });
      await expectLayout(page, route.layout, isPhoneProject(testInfo));
      if (route.path === '/no-such-page') await expect(page.getByText('৪০৪')).toBeVisible();
      await expect(page).toHaveTitle(`${text('bn', route.title)} · Tessera`);

      {
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
      if (route.path === '/no-such-page') {
        // The browser's own line for a document answered 404: the status this page is meant to have.
        expect(console.errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
      } else console.expectNone();
    });
  }
});

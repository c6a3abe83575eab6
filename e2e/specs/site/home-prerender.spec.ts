// The home page is prerendered by the server (apps/web/src/app/prerender, issue 3's performance budget): its
// content is in the HTML, paints without any script, and the app then takes it over without building it again.
import { expect, type Page, test } from '@playwright/test';
import { captureConsoleErrors, chooseLanguage, skipPopupAnnouncement, storeLanguage, text } from '../../support/site.js';

test('the HTML of /index holds the home page, written in the default language', async ({ request }) => {
  const html = await (await request.get('/index')).text();
  const root = /<div id="root" data-prerendered="bn">(.*)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? '';
  expect(root).toContain('data-testid="site-header"');
  expect(root).toContain(`>${text('bn', 'shell.header.login')}<`);
  expect(root).toMatch(/<img src="[^"]*welcome-banner[^"]*"[^>]*fetchPriority="high"/);
  // Other routes are served as before: the app renders them.
  expect(await (await request.get('/vip')).text()).toContain('<div id="root"></div>');
  // The server's prerender module is not part of the site.
  expect((await request.get('/ssr/render-home.js')).status()).toBe(404);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the home page still shows its header, banner and welcome', async ({ page }) => {
    await page.goto('/index');
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: text('bn', 'shell.header.login') })).toHaveAttribute('href', '/login');
  });
});

/** Keeps the header element the HTML parser built, before any script ran, for `expectPrerenderedHeaderKept`. */
async function recordPrerenderedHeader(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { prerenderedHeader: Element | null }).prerenderedHeader = document.querySelector('header');
    });
  });
}

/** The app is running (data the prerender does not hold has arrived) on the very header element of the HTML. */
async function expectPrerenderedHeaderKept(page: Page) {
  await expect(page.locator('main [data-category]').first()).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { prerenderedHeader: Element | null }).prerenderedHeader === document.querySelector('header'),
    ),
  ).toBe(true);
  await expect(page.getByTestId('site-header')).toHaveCount(1);
}

test("a visitor's home page stays the server's HTML until a tap needs the app, which then takes it over without rebuilding it", async ({
  page,
}) => {
  const console = captureConsoleErrors(page);
  await skipPopupAnnouncement(page);
  await recordPrerenderedHeader(page);
  const scripts: string[] = [];
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
  await page.waitForLoadState('networkidle');
  // The entry alone (and the bundler's runtime): no React, router, query cache or i18n runtime for a visitor's look.
  expect(scripts.length, scripts.join(', ')).toBeLessThanOrEqual(2);
  // The device's own Bengali font paints it: the shipped one would share the phone's link with the first banner.
  expect(fonts, fonts.join(', ')).toEqual([]);
  // A game tile is a button: the tap starts the app, which hydrates the page and runs it (a visitor is asked to log in).
  await page.locator('main ul li button:not([aria-pressed])').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(2);
  await expectPrerenderedHeaderKept(page);
  console.expectNone();
});

test('a visitor who chose English before the language cookie existed sees the English page, not the Bengali one', async ({
  page,
}) => {
  const console = captureConsoleErrors(page);
  await skipPopupAnnouncement(page);
  await storeLanguage(page, 'en');
  await page.goto('/index');
  await expect(page.getByRole('link', { name: text('en', 'shell.header.login') })).toBeVisible();
  await expect(page.getByText(text('bn', 'shell.header.login'), { exact: true })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  console.expectNone();
});

test('once a visitor has chosen English, the server sends the English page and the app takes it over', async ({ page }) => {
  const console = captureConsoleErrors(page);
  await skipPopupAnnouncement(page);
  await page.goto('/index');
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('link', { name: text('en', 'shell.header.login') })).toBeVisible();

  await recordPrerenderedHeader(page);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/index');
  await page.reload();
  const html = await (await answer).text();
  expect(html).toContain('<html lang="en" dir="ltr">');
  expect(html).toContain('<div id="root" data-prerendered="en">');
  expect(html).toContain(`>${text('en', 'shell.header.login')}<`);
  await expectPrerenderedHeaderKept(page);
  await expect(page.getByRole('link', { name: text('en', 'shell.header.login') })).toBeVisible();
  await expect(page.getByText(text('bn', 'shell.header.login'), { exact: true })).toHaveCount(0);
  console.expectNone();
});

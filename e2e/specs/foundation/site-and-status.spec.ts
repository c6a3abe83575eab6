// Foundation: the production build served by the real server — the site renders, the system status
// call and the API's error envelopes, SPA fallback, security and cache headers; and the operator's
// maintenance and region switches reach the player's screen.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { systemStatus } from '../../support/api.js';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 800 };

test.describe('site and status @smoke', () => {
  test('the home page renders the site', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root > *').first()).toBeAttached();
    await expect(page.locator('html')).toHaveAttribute('lang', /^[a-z]{2}/);
    await expect.poll(() => page.title()).not.toBe('');
    await expect(page.getByTestId('system-maintenance')).toHaveCount(0);
    await expect(page.getByTestId('system-restricted')).toHaveCount(0);
    await expect(page.getByText(/maintenance/i)).toHaveCount(0);
  });

  test('GET /wps/system/status answers the status envelope', async ({ request }) => {
    const res = await request.get('/wps/system/status');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({
      success: true,
      code: 'ok',
      value: { status: 0, maintenance: false, regionRestriction: false },
    });
  });

  test('an unknown API path is a 404 envelope', async ({ request }) => {
    const res = await request.get('/wps/nope');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'route.not.found' });
  });

  test('an unknown relay name is a 404 envelope', async ({ request }) => {
    const res = await request.get('/wps/relay/UNKNOWN_call');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'relay.not.found' });
  });

  test('a client-side route is served the web app (SPA fallback)', async ({ request }) => {
    const res = await request.get('/vip');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<div id="root">/);
  });

  test('pages carry security headers; hashed assets are cached for a year', async ({ request }) => {
    const home = await request.get('/');
    const headers = home.headers();
    expect(headers['content-security-policy'], 'content-security-policy').toBeTruthy();
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options']).toBe('nosniff');

    const html = await home.text();
    const asset = html.match(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/)?.[1];
    expect(asset, 'index.html references a hashed asset under /assets/').toBeTruthy();
    const res = await request.get(asset as string);
    expect(res.status()).toBe(200);
    const cacheControl = res.headers()['cache-control'] ?? '';
    expect(cacheControl).toContain('immutable');
    const maxAge = Number(cacheControl.match(/max-age=(\d+)/)?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
  });
});

/** Opens `/` at both viewports and checks what the player sees. */
async function expectScreen(browser: Browser, check: (page: Page) => Promise<void>): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await check(page);
    } finally {
      await context.close();
    }
  }
}

// These change server-wide state: the `exclusive` project runs them alone, after everything else.
test.describe('operator switches @smoke @exclusive', () => {
  // Each test drives the operator CLI several times and opens the site at two sizes twice.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.afterAll(async () => {
    // Leave the server as found, even when a test failed half-way.
    await admin('maintenance', 'off');
    await admin('region', 'clear');
  });

  test('maintenance on shows the maintenance page; off restores the site', async ({ browser, request }) => {
    const until = new Date(Date.now() + 60 * 60 * 1000);
    await admin('maintenance', 'on', '--until', until.toISOString());

    await expect.poll(async () => (await systemStatus(request)).status).toBe(1);
    const status = await systemStatus(request);
    expect(status.maintenance).toBe(true);
    expect(status.maintenanceEnd).not.toBeNull();
    expect(Math.abs((status.maintenanceEnd ?? 0) - until.getTime())).toBeLessThan(1000);

    await expectScreen(browser, async (page) => {
      await expect(page.getByTestId('system-maintenance')).toBeVisible();
    });

    await admin('maintenance', 'off');
    await expect.poll(async () => (await systemStatus(request)).status).toBe(0);
    expect((await systemStatus(request)).maintenanceEnd).toBeNull();
    await expectScreen(browser, async (page) => {
      await expect(page.locator('#root > *').first()).toBeAttached();
      await expect(page.getByTestId('system-maintenance')).toHaveCount(0);
    });
  });

  test('a denied network sees the region-restricted page; clearing the rules restores the site', async ({ browser, request }) => {
    // e2e runs on loopback, where the caller's country is unknown: deny loopback itself.
    await admin('region', 'deny-cidr', '127.0.0.0/8', '::1/128');

    await expect.poll(async () => (await systemStatus(request)).status).toBe(2);
    expect((await systemStatus(request)).regionRestriction).toBe(true);
    await expectScreen(browser, async (page) => {
      await expect(page.getByTestId('system-restricted')).toBeVisible();
    });

    await admin('region', 'clear');
    await expect.poll(async () => (await systemStatus(request)).status).toBe(0);
    await expectScreen(browser, async (page) => {
      await expect(page.locator('#root > *').first()).toBeAttached();
      await expect(page.getByTestId('system-restricted')).toHaveCount(0);
    });
  });
});

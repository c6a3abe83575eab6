// The maintenance and restriction pages after the operator command sets them, in BN and EN, at both sizes
// (screenshots for the closing note); the server is restored afterwards.
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { systemStatus } from '../../support/api.js';
import { saveShot } from '../../support/site.js';

const SIZES = { phone: { width: 360, height: 740 }, desktop: { width: 1366, height: 800 } } as const;

test.describe('system pages @exclusive', () => {
  test.describe.configure({ mode: 'serial' });

  test.afterAll(async () => {
    await admin('maintenance', 'off');
    await admin('region', 'clear');
  });

  test('maintenance: message, end time and contact button, in BN and EN', async ({ browser, request }, testInfo) => {
    test.slow(); // four fresh page loads
    await admin('maintenance', 'on', '--until', new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString());
    await expect.poll(async () => (await systemStatus(request)).status).toBe(1);
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const language of ['bn', 'en'] as const) {
        const context = await browser.newContext({ viewport, locale: 'en-US' });
        const page = await context.newPage();
        await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
        await page.goto('/index');
        const screen = page.getByTestId('system-maintenance');
        await expect(screen).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(screen.getByRole('heading', { level: 1 })).toHaveText(language === 'en' ? 'System maintenance' : /.+/);
        if (language === 'en') await expect(screen.getByText('We are currently performing a system maintenance')).toBeVisible();
        await expect(screen.getByRole('button')).toBeVisible();
        await saveShot(page, testInfo, `maintenance-${size}-${language}`);
        await context.close();
      }
    }
    await admin('maintenance', 'off');
    await expect.poll(async () => (await systemStatus(request)).status).toBe(0);
  });

  test('restriction: IP, country and contact button', async ({ browser, request }) => {
    test.slow();
    await admin('region', 'deny-cidr', '127.0.0.0/8', '::1/128');
    await expect.poll(async () => (await systemStatus(request)).status).toBe(2);
    const context = await browser.newContext({ viewport: SIZES.phone, locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
    await page.goto('/index');
    const screen = page.getByTestId('system-restricted');
    await expect(screen).toBeVisible();
    await expect(screen.getByText('IP address', { exact: true })).toBeVisible();
    await expect(screen.getByText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Contact customer service' })).toBeVisible();
    await context.close();
    await admin('region', 'clear');
    await expect.poll(async () => (await systemStatus(request)).status).toBe(0);
  });
});

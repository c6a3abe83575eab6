// Merchant settings that shape the site without a new build (spec 2.2, DESIGN §4): the footer's payment-method
// logos come from the `resources` setting, and the PWA manifest carries the brand name.
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';

const DEMO_METHODS = ['Demo play money'];

test.describe('merchant branding @exclusive', () => {
  test('the footer shows the configured payment methods, and none once the operator removes them', async ({ page, request }) => {
    await skipPopupAnnouncement(page);
    await useLanguage(page, 'en');
    await page.goto('/index');
    const footer = page.getByTestId('site-footer');
    const payments = footer.getByRole('region', { name: text('en', 'shell.footer.payment_methods') });
    await payments.scrollIntoViewIfNeeded();
    for (const name of DEMO_METHODS) {
      const logo = payments.getByRole('img', { name, exact: true });
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('loading', 'lazy');
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }

    const saved = await admin('settings', 'get', 'resources');
    try {
      const others = (JSON.parse(saved) as { resourceType: string }[]).filter((r) => !r.resourceType.startsWith('PAYMENT_'));
      await admin('settings', 'set', 'resources', JSON.stringify(others));
      await page.reload();
      await expect(footer.getByRole('heading', { name: text('en', 'shell.footer.providers') })).toBeAttached();
      await expect(footer.getByRole('heading', { name: text('en', 'shell.footer.payment_methods') })).toHaveCount(0);
    } finally {
      await admin('settings', 'set', 'resources', saved);
    }
    expect((await request.get('/wps/system/status')).ok()).toBe(true);
  });

  test('the installable app is named after the brand the operator sets', async ({ request }) => {
    const saved = await admin('settings', 'get', 'product');
    try {
      const product = JSON.parse(saved) as { brand: { name: string } };
      await admin('settings', 'set', 'product', JSON.stringify({ ...product, brand: { ...product.brand, name: 'Lotus Play' } }));
      const manifest = await (await request.get('/manifest.webmanifest', { headers: { 'cache-control': 'no-cache' } })).json();
      expect(manifest).toMatchObject({ name: 'Lotus Play', short_name: 'Lotus Play', display: 'standalone' });
    } finally {
      await admin('settings', 'set', 'product', saved);
    }
  });
});

// The site installs as a PWA: manifest and icons, a service worker that controls the page, and the shell
// opening offline (the worker never answers API calls from a cache, so offline the site says it is offline).
import { expect, test } from '@playwright/test';
import { chooseLanguage, skipPopupAnnouncement, text } from '../../support/site.js';

// The other specs block service workers (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('the manifest and its icons are served', async ({ page, request }) => {
  await page.goto('/index');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href as string)).json();
  expect(manifest).toMatchObject({ start_url: expect.stringMatching(/^\//), display: 'standalone', scope: '/' });
  expect(manifest.name).toBeTruthy();
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toContain(icon.type);
  }
});

test('a service worker controls the page, and offline a reload still opens the shell', async ({ page, context }) => {
  await skipPopupAnnouncement(page);
  await page.goto('/index');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toMatch(/\/$/);
  // API answers are never in the worker's cache.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => /^\/(wps|lgw|lotto|media)\//.test(path))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  // The app itself renders from the cache and explains that it has no connection.
  await expect(page.getByTestId('boot-network-error')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(text('bn', 'app.boot.network_error'));
  await page.goto('/noticePage');
  await expect(page.getByTestId('boot-network-error')).toBeVisible();

  // Back online, the site comes back by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('bn', 'routes.notices'));
});

test('/down explains installing on Android, iPhone and computers and shows a QR code of the site', async ({ page, baseURL }) => {
  await skipPopupAnnouncement(page);
  await page.goto('/down');
  await chooseLanguage(page, 'en');
  for (const name of ['Android', 'iPhone and iPad', 'Computer']) await expect(page.getByRole('heading', { name })).toBeVisible();
  const address = `${new URL(baseURL as string).origin}/`;
  await expect(page.getByRole('img', { name: `QR code of ${address}` })).toBeVisible();
  await expect(page.getByText(address, { exact: true })).toBeVisible();
  // Chromium offers its install prompt only after its engagement checks; the page says how to install meanwhile.
  await expect(
    page.getByRole('button', { name: 'Install' }).or(page.getByText(/follow the steps for your device/)),
  ).toBeVisible();
});

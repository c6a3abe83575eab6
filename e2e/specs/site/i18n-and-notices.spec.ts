// Switching BN ↔ EN, and paging through the notices.
import { expect, test } from '@playwright/test';
import { captureConsoleErrors, chooseLanguage, skipPopupAnnouncement, text } from '../../support/site.js';

test.beforeEach(async ({ page }) => skipPopupAnnouncement(page));

test('BN is the default; switching to EN and back changes the texts and <html lang>', async ({ page }) => {
  const console = captureConsoleErrors(page);
  await page.goto('/noticePage');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('bn', 'routes.notices'));

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notices');
  // The notices themselves come back in English from the server.
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(/[A-Za-z]/);

  // The choice is remembered (local storage `lang`).
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await chooseLanguage(page, 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('bn', 'routes.notices'));
  console.expectNone();
});

test('notices come nine to a page and the pages are links in a navigation landmark', async ({ page, request }) => {
  const first = (await (await request.get('/wps/relay/MCSFE_getNoticeList?pageNo=1&pageSize=9')).json()).value;
  expect(first.totalPages, 'the demo content has more than one page of notices').toBeGreaterThan(1);

  await page.goto('/noticePage');
  await chooseLanguage(page, 'en');
  const notices = page.getByRole('article');
  await expect(notices).toHaveCount(9);
  await expect(notices.first().locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  const pages = page.getByRole('navigation', { name: 'Notice pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(notices).toHaveCount(Math.min(first.total - 9, 9));
  const secondPageTitle = await notices.first().getByRole('heading').textContent();

  // The page is in the URL: a reload stays there; "previous" goes back.
  await page.reload();
  await expect(notices.first().getByRole('heading')).toHaveText(secondPageTitle ?? '');
  await pages.getByRole('link', { name: 'Previous page' }).click();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(notices).toHaveCount(9);
});

test('/help#terms opens the terms and scrolls to them', async ({ page }) => {
  await page.goto('/help#terms');
  const terms = page.locator('details#terms');
  await expect(terms).toHaveAttribute('open', '');
  await expect(terms).toBeInViewport();
  await expect(page.locator('details:not(#terms)[open]')).toHaveCount(0);
});

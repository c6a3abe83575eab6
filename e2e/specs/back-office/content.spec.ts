// The back office's content screen in a real browser: a content editor writes a notice in two
// languages with a preview, and the player site shows it; an edit reaches the site on its next load; removing it
// takes it away.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openBackOffice, seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, storeLanguage } from '../../support/site.js';

test('a notice written in the back office shows on the player site, an edit reaches it, removal takes it away', async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const tag = randomBytes(3).toString('hex');
  const title = `Derby day ${tag}`;
  const edited = `Derby day moved ${tag}`;
  await openBackOffice(page, await staffToken(request, `content.${randomBytes(4).toString('hex')}`, 'content'), '/content');

  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Content' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New item' }).click();
  const editor = page.getByRole('form', { name: 'New item' });
  await editor.getByLabel('Type').selectOption('PL');
  const english = editor.getByRole('group', { name: 'English' });
  await english.getByLabel('Title').fill(title);
  await english.getByLabel('Text (HTML)').fill('<p>Kick-off at <strong>8 pm</strong>.</p><img src=x onerror="window.hacked=1">');
  const bengali = editor.getByRole('group', { name: 'Bengali' });
  await bengali.getByLabel('Title').fill(`ডার্বি ${tag}`);
  await bengali.getByLabel('Text (HTML)').fill('<p>রাত ৮টায়</p>');
  const preview = page.getByRole('figure', { name: 'Preview in English' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('8 pm');
  await expect(preview.locator('img[onerror]')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Bengali' }).click();
  await expect(page.getByRole('figure', { name: 'Preview in Bengali' }).getByRole('heading')).toHaveText(`ডার্বি ${tag}`);
  await expect(page.getByRole('figure', { name: 'Preview in Bengali' })).toContainText('রাত ৮টায়');
  await expect(page.getByRole('figure', { name: 'Preview in Bengali' }).locator('img')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, info, 'bo-content-editor');

  // An end before the start is refused with the reason beside the field, and nothing is saved.
  await editor.getByLabel('Shown from').fill('2030-01-02T10:00');
  await editor.getByLabel('Shown until').fill('2030-01-01T10:00');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('endTime must be after startTime')).toBeVisible();
  await expect(editor.getByLabel('Shown until')).toHaveAttribute('aria-invalid', 'true');
  await editor.getByLabel('Shown from').fill('');
  await editor.getByLabel('Shown until').fill('');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Live');
  await saveShot(page, info, 'bo-content-list');

  const player = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await storeLanguage(player, 'en');
  await skipPopupAnnouncement(player);
  await player.goto('/noticePage');
  await expect(player.getByRole('article').filter({ hasText: title })).toContainText('Kick-off at 8 pm.');
  expect(await player.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();

  await row.getByRole('button', { name: /^Edit item/ }).click();
  const editForm = page.getByRole('form', { name: /^Edit item/ });
  await editForm.getByRole('group', { name: 'English' }).getByLabel('Title').fill(edited);
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: edited })).toBeVisible();

  await player.reload();
  await expect(player.getByRole('article').filter({ hasText: edited })).toBeVisible();
  await expect(player.getByRole('article').filter({ hasText: title }).filter({ hasNotText: edited })).toHaveCount(0);

  page.once('dialog', (dialog) => void dialog.accept());
  await page
    .getByRole('row')
    .filter({ hasText: edited })
    .getByRole('button', { name: /^Remove item/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'was removed' })).toBeVisible();
  await player.reload();
  await expect(player.getByRole('article').first()).toBeVisible();
  await expect(player.getByRole('article').filter({ hasText: tag })).toHaveCount(0);
  await player.close();
});

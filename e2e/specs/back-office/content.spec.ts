// The back office's content screen in a real browser: a content editor writes a notice in two
// languages with a preview, and the player site shows it; an edit reaches the site on its next load; removing it
// takes it away.
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { admin } from '../../support/admin.js';
import { saveShot, skipPopupAnnouncement, storeLanguage } from '../../support/site.js';

const PASSWORD = 'content passphrase 2026';

async function seriousViolations(page: Page) {
  const scan = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  return scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A staff member made by the operator command, enrolled and logged in through the calls: their session token. */
async function staffToken(request: APIRequestContext, role: string): Promise<string> {
  const name = `${role}.${randomBytes(4).toString('hex')}`;
  const created = await admin('staff', 'create', name, '--role', role);
  const token = /\/bo\/enrol#([A-Za-z0-9_-]+)/.exec(created)?.[1];
  expect(token, created).toBeDefined();
  const start = (await (await request.post('/bo/api/enrolment/start', { data: { token } })).json()).value;
  const code = () => generateSync({ secret: start.secret });
  const done = await request.post('/bo/api/enrolment/complete', { data: { token, password: PASSWORD, code: code() } });
  expect(done.status()).toBe(200);
  const challenge = (await (await request.post('/bo/api/login', { data: { name, password: PASSWORD } })).json()).value.challenge;
  const second = await (await request.post('/bo/api/login/second-factor', { data: { challenge, code: code() } })).json();
  expect(second.success, JSON.stringify(second)).toBe(true);
  return second.value.token;
}

/** Opens the back office already logged in with `token` (the tab's session storage holds it). */
async function openBackOffice(page: Page, token: string, path: string) {
  await page.addInitScript((value) => sessionStorage.setItem('tessera.bo.token', value), token);
  await page.goto(`/bo${path}`);
}

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
  await openBackOffice(page, await staffToken(request, 'content'), '/content');

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

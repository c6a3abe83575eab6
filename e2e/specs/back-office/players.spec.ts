// The back office's players in a real browser: an owner finds a player by mobile, opens their page and locks them
// and note why; a support user, whose role lacks players.pii, sees the same player masked.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { enrolledStaff, logInStaff, seriousViolations } from '../../support/back-office.js';
import { saveShot } from '../../support/site.js';

test('an owner finds a player by mobile and locks them; a support user sees the player masked', async ({
  browser,
  page,
  request,
}, info) => {
  // Two staff enrolments (password hashes), five screens and four axe scans: more than the default on a busy machine.
  test.setTimeout(120_000);
  const suffix = randomBytes(4).toString('hex');
  const owner = `owner.p${suffix}`;
  const support = `support.p${suffix}`;
  const account = `bop${suffix}`;
  const mobile = `171${String(Number.parseInt(suffix, 16) % 1e7).padStart(7, '0')}`;
  const email = `${account}@example.com`;
  await admin(
    'member',
    'create',
    account,
    '--password',
    'Player1234',
    '--mobile',
    mobile,
    '--dial-code',
    '880',
    '--email',
    email,
  );
  const [ownerSecret, supportSecret] = [
    await enrolledStaff(request, owner, 'owner'),
    await enrolledStaff(request, support, 'support'),
  ];

  await page.setViewportSize({ width: 1366, height: 900 });
  await logInStaff(page, owner, ownerSecret);
  await page.getByRole('link', { name: 'Players', exact: true }).click();
  await expect(page.getByText('Search for a player by account')).toBeVisible();
  await page.getByLabel('Search by').selectOption('mobile');
  await page.getByLabel('Search for').fill(`+880 ${mobile}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('table', { name: 'Players found' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results).toContainText(`+880 ${mobile}`);
  await expect(results).toContainText(email);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, info, 'bo-players-search');

  await results.getByRole('link', { name: account }).click();
  await expect(page.getByRole('heading', { name: account })).toContainText('Active');
  await expect(page.getByTestId('player.mobile')).toHaveText(`+880 ${mobile} (verified)`);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, info, 'bo-player');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Lock account' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${account} is locked.` })).toBeVisible();
  await expect(page.getByRole('heading', { name: account })).toContainText('Locked');
  await expect(page.getByRole('button', { name: 'Unlock account' })).toBeVisible();
  await page.getByRole('button', { name: 'Notes' }).click();
  await expect(page.getByRole('button', { name: 'Notes' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Note', { exact: true }).fill('Locked after a call: the player asked for it');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('table', { name: 'Notes' })).toContainText('Locked after a call: the player asked for it', {
    timeout: 30_000,
  });
  await page.getByRole('table', { name: 'Notes' }).scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, info, 'bo-player-locked');

  // The player page leads to the balance adjustment of this player (four-eyes above the threshold).
  await page.getByRole('link', { name: 'Adjust balance' }).click();
  await expect(page).toHaveURL(new RegExp(`/bo/adjust\\?account=${account}$`));
  await expect(page.getByTestId('adjust-balance')).toBeVisible();

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action', { exact: true }).fill('player.');
  await page.getByLabel('Target', { exact: true }).fill(account);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'player.lock' })).toContainText(
    `${owner} (staff)`,
  );

  const supportContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const supportPage = await supportContext.newPage();
  await logInStaff(supportPage, support, supportSecret);
  await supportPage.getByRole('link', { name: 'Players', exact: true }).click();
  await supportPage.getByLabel('Search for').fill(account);
  await supportPage.getByRole('button', { name: 'Search', exact: true }).click();
  const masked = supportPage.getByRole('table', { name: 'Players found' });
  await expect(masked).toContainText(`+880 •••••••${mobile.slice(-3)}`);
  await expect(masked).toContainText('b•••@example.com');
  await expect(masked).not.toContainText(mobile);
  await masked.getByRole('link', { name: account }).click();
  await expect(supportPage.getByTestId('player.mobile')).toContainText(`+880 •••••••${mobile.slice(-3)}`);
  await expect(supportPage.getByTestId('player.email')).toContainText('b•••@example.com');
  expect(await seriousViolations(supportPage)).toEqual([]);
  await saveShot(supportPage, info, 'bo-player-masked');
  await supportPage.setViewportSize({ width: 820, height: 1180 });
  await saveShot(supportPage, info, 'bo-player-tablet');
  await supportContext.close();
});

// The back office's games screen and role editing in a real browser: an owner switches a game off and the player
// site no longer lists it, voids a scheduled lottery draw with a reason, and edits a role. @exclusive: switching a
// game off and voiding a draw change what every other spec's players see, so this runs alone after them.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { enrolledStaff, logInStaff, seriousViolations } from '../../support/back-office.js';
import { saveShot, useLanguage } from '../../support/site.js';

/** How many cards the player site's slots lobby shows for a search. */
async function lobbyCount(page: Page, query: string) {
  await page.goto(`/rng?q=${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
  const games = page.locator('main ul li button:not([aria-pressed])');
  await expect(games.or(page.getByText(`No games match “${query}”.`)).first()).toBeVisible();
  return games.count();
}

test.describe('games and roles @exclusive', () => {
  test('an owner switches a game off and on, voids a scheduled draw, and edits a role', async ({
    browser,
    page,
    request,
  }, info) => {
    test.setTimeout(150_000);
    const suffix = randomBytes(4).toString('hex');
    const owner = `owner.g${suffix}`;
    const secret = await enrolledStaff(request, owner, 'owner');
    await page.setViewportSize({ width: 1366, height: 900 });
    await logInStaff(page, owner, secret);

    // A game switched off leaves the player site at its next request.
    const player = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await useLanguage(player, 'en');
    expect(await lobbyCount(player, 'lotus')).toBe(1);
    await page.getByRole('link', { name: 'Games & draws' }).click();
    await page.getByLabel('Search', { exact: true }).fill('lotus');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const games = page.getByRole('table', { name: 'Games' });
    await expect(games.getByRole('row')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, 'bo-games');
    await games.getByLabel('Status of Lotus Fortune').selectOption('retired');
    await expect(page.getByRole('status').filter({ hasText: 'Saved: Lotus Fortune.' })).toBeVisible();
    await expect(games.getByLabel('Status of Lotus Fortune')).toHaveValue('retired');
    expect(await lobbyCount(player, 'lotus')).toBe(0);
    await games.getByLabel('Status of Lotus Fortune').selectOption('active');
    await expect(games.getByLabel('Status of Lotus Fortune')).toHaveValue('active');
    expect(await lobbyCount(player, 'lotus')).toBe(1);
    await player.context().close();

    // The draws scheduled in the next 7 days; the latest of the daily lottery is voided with a reason.
    await page.getByRole('button', { name: 'Lottery draws' }).click();
    await expect(page.getByRole('button', { name: 'Next 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Game', { exact: true }).selectOption('TS_VN_LOTTO');
    await page.getByLabel('Status', { exact: true }).selectOption('scheduled');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const draws = page.getByRole('table', { name: 'Lottery draws' });
    await expect(draws.getByRole('row').nth(1)).toContainText('TS_VN_LOTTO');
    await page.getByRole('button', { name: /Draw time/ }).click();
    // The rows are read once the newest-first answer is in, not from the answer shown while it loads.
    await expect(draws.getByRole('columnheader', { name: /Draw time/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(draws).toHaveAttribute('aria-busy', 'false');
    const latest = draws.getByRole('row').nth(1);
    await expect(latest).toContainText('Scheduled');
    const numero = (await latest.getByRole('cell').first().textContent())?.trim() ?? '';
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, 'bo-draws');
    await latest.getByRole('button', { name: 'Void…' }).click();
    await page.getByLabel('Reason (kept in the audit log and each refund)').fill('Results feed outage at the regulator');
    await saveShot(page, info, 'bo-draw-void');
    await page.getByRole('button', { name: 'Void and refund every slip' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Draw ${numero} is void` })).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('void');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(draws).toContainText(numero);

    // Role editing: a new role, its set changed; the last full set stays.
    const role = `desk-${suffix}`;
    await page.getByRole('link', { name: 'Staff & roles' }).click();
    const add = page.getByRole('form', { name: 'Add a role' });
    await add.getByLabel('Role name').fill(role);
    await add.getByRole('checkbox', { name: 'games.edit' }).check();
    await add.getByRole('button', { name: 'Add role' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Role ${role} added.` })).toBeVisible();
    const rolesTable = page.getByRole('table', { name: 'Roles' });
    const row = rolesTable.getByRole('row').filter({ hasText: role });
    await expect(row).toContainText('1 permission');
    await row.getByRole('button', { name: `Edit ${role}` }).click();
    await row.getByRole('checkbox', { name: 'draws.void' }).check();
    await row.getByRole('button', { name: 'Save permissions' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Role ${role} saved.` })).toBeVisible();
    await expect(row).toContainText('2 permissions');
    await expect(row).toContainText('draws.void, games.edit');

    const ownerRow = rolesTable.getByRole('row').filter({ has: page.getByRole('cell', { name: 'owner', exact: true }) });
    await ownerRow.getByRole('button', { name: 'Edit owner' }).click();
    await ownerRow.getByRole('checkbox', { name: 'staff.manage' }).uncheck();
    await ownerRow.getByRole('button', { name: 'Save permissions' }).click();
    await expect(page.getByRole('alert')).toContainText('would leave no active staff member with every permission');
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, 'bo-roles');
    await ownerRow.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action', { exact: true }).fill('lottery.draw.void');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('table', { name: 'Audit log' })).toContainText(`${owner} (staff)`);
  });
});

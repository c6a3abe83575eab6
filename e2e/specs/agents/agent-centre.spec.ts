// The agent centre (spec 2.5, §6): an agent opens it, registers a downline member, finds them in team management
// and in the team overview's counts; a downline member who deposits and plays shows in team betting, user P&L and
// account details, and the operator's agent notice in the announcements; a non-agent asking for it gets 'Non-agents
// cannot log in'. Phone and desktop, BN and EN, with an accessibility scan of each page.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { loginByApi, newUsername, PASSWORD, registerByApi, startLoggedIn } from '../accounts/account-kit.js';
import { playRounds } from '../games/player-kit.js';

test.describe.configure({ timeout: 180_000 });
/** What waits on the server or a page's first paint: generous, since the suite must pass on a loaded machine. */
const LOADED = { timeout: 30_000 };

async function seriousViolations(page: Page) {
  const scan = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A count as the page writes it: Bengali digits in BN. */
const shown = (language: 'en' | 'bn', value: number) => value.toLocaleString(language);

for (const language of ['en', 'bn'] as const) {
  test(`an agent registers a downline member and sees them in the team (${language.toUpperCase()})`, async ({ page }, info) => {
    const agentName = newUsername();
    await registerByApi(page.request, agentName);
    await admin('member', 'set-type', agentName, '1');
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    await startLoggedIn(page, await loginByApi(page.request, agentName));

    // The avatar menu offers the centre to an agent; it opens on the team overview.
    await page.goto('/index');
    await page
      .getByTestId('account-header')
      .getByRole('button', { name: text(language, 'accounts.menu.open').replace('{{name}}', agentName) })
      .click();
    await page.getByRole('menuitem', { name: text(language, 'accounts.menu.agent_centre') }).click();
    const centre = page.getByRole('dialog', { name: text(language, 'agents.title') });
    await expect(centre).toBeVisible(LOADED);
    const menu = centre.getByRole('navigation', { name: text(language, 'agents.entries') });
    await expect(menu.getByRole('button')).toHaveText([
      text(language, 'agents.entry.announcement'),
      text(language, 'agents.entry.team_overview'),
      text(language, 'agents.entry.register'),
      text(language, 'agents.entry.team_management'),
      text(language, 'agents.entry.team_betting'),
      text(language, 'agents.entry.user_profit'),
      text(language, 'agents.entry.income'),
      text(language, 'agents.entry.account_details'),
    ]);
    await expect(menu.getByRole('button', { name: text(language, 'agents.entry.team_overview') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(centre.getByTestId('overview-team-size')).toHaveText(shown(language, 0), LOADED);

    // Register a downline member; the invite code, link and QR code are there to share.
    await menu.getByRole('button', { name: text(language, 'agents.entry.register') }).click();
    await expect(centre.getByTestId('invite-code')).toHaveText(/^[0-9A-F]{8}$/, LOADED);
    await expect(centre.getByTestId('invite-link')).toContainText('/register?affiliateCode=');
    await expect(centre.getByRole('img', { name: text(language, 'agents.register.qr_label') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `agent-centre-register-${info.project.name}-${language}`);
    const downline = newUsername();
    const form = centre.getByRole('form', { name: text(language, 'agents.register.form') });
    await form.getByLabel(text(language, 'accounts.fields.username')).fill(downline);
    await form.getByLabel(text(language, 'accounts.fields.password'), { exact: true }).fill(PASSWORD);
    await form.getByLabel(text(language, 'accounts.fields.confirm_password')).fill(PASSWORD);
    await form.getByRole('button', { name: text(language, 'agents.register.submit') }).click();
    await expect(centre.getByTestId('downline-created')).toContainText(downline, LOADED);

    // Team management lists them at level 1 and opens their details.
    await menu.getByRole('button', { name: text(language, 'agents.entry.team_management') }).click();
    const row = centre.getByRole('row', { name: new RegExp(downline) });
    await expect(row).toBeVisible(LOADED);
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `agent-centre-team-${info.project.name}-${language}`);
    await row.getByRole('button', { name: text(language, 'agents.team.details_of').replace('{{account}}', downline) }).click();
    await expect(centre.getByTestId('team-member-details')).toContainText(`${agentName} › ${downline}`, LOADED);

    // The team overview counts them: team size and a new member in the range.
    await menu.getByRole('button', { name: text(language, 'agents.entry.team_overview') }).click();
    await expect(centre.getByTestId('overview-team-size')).toHaveText(shown(language, 1), LOADED);
    await expect(centre.getByTestId('overview-new-members')).toHaveText(shown(language, 1));
    await expect(centre.getByTestId('team-chart')).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `agent-centre-overview-${info.project.name}-${language}`);

    // The close control ends the overlay.
    await centre.getByRole('button', { name: text(language, 'agents.close') }).click();
    await expect(centre).toHaveCount(0);
  });

  test(`a non-agent asking for the agent centre is told non-agents cannot log in (${language.toUpperCase()})`, async ({
    page,
  }, info) => {
    const player = newUsername();
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    await startLoggedIn(page, await registerByApi(page.request, player));
    await page.goto('/index?ac=agentTeamOverview');
    const warning = page.getByRole('dialog', { name: text(language, 'accounts.warning.title') });
    await expect(warning.getByRole('alert')).toHaveText(text(language, 'errors.agent_not_agent'), LOADED);
    await expect(page.getByRole('dialog', { name: text(language, 'agents.title') })).toHaveCount(0);
    await saveShot(page, info, `agent-centre-refused-${info.project.name}-${language}`);
    const answer = await page.request.get('/wps/agent/centre', {
      headers: { authorization: await page.evaluate(() => window.sessionStorage.getItem('token') ?? '') },
    });
    expect(answer.status()).toBe(403);
    expect((await answer.json()).message).toBe('errors.agent_not_agent');
  });
}

for (const language of ['en', 'bn'] as const) {
  test(`an agent sees their downline's play in team betting, user P&L and account details (${language.toUpperCase()})`, async ({
    page,
    browser,
  }, info) => {
    // A sign-up, a deposit on the site and three rounds before the agent's pages: long on a loaded machine.
    test.setTimeout(360_000);
    const agentName = newUsername();
    await registerByApi(page.request, agentName);
    await admin('member', 'set-type', agentName, '1');
    const code = /affiliate codes: ([0-9A-F]{8})/.exec(await admin('member', 'show', agentName))?.[1];
    expect(code).toBeTruthy();

    // The downline member signs up with the agent's code, deposits on the site and plays three ৳0.50 rounds.
    const player = await browser.newPage();
    const downline = newUsername();
    await skipPopupAnnouncement(player);
    await useLanguage(player, 'en');
    await startLoggedIn(player, await registerByApi(player.request, downline, { affiliateCode: code ?? '' }));
    await player.goto('/index?mc=depositv2');
    await player.getByRole('dialog').getByRole('button', { name: '৳ 1,000.00' }).click();
    await player.getByRole('dialog').getByTestId('deposit-submit').click();
    await expect(player.getByRole('dialog').getByTestId('deposit-result')).toContainText('৳ 1,000.00', LOADED);
    await playRounds(player, 3);
    await player.close();

    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    await startLoggedIn(page, await loginByApi(page.request, agentName));
    await page.goto('/index?ac=agentTeamBetting');
    const centre = page.getByRole('dialog', { name: text(language, 'agents.title') });
    const menu = centre.getByRole('navigation', { name: text(language, 'agents.entries') });
    const row = (name: string, testId: string) => centre.getByTestId(testId).getByRole('row', { name: new RegExp(name) });

    // Team betting lists the member with their three bets; by game, the slot.
    await expect(row(downline, 'team-betting')).toContainText(shown(language, 3), LOADED);
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `agent-centre-betting-${info.project.name}-${language}`);
    await centre.getByRole('button', { name: text(language, 'agents.betting.group.game') }).click();
    await expect(centre.getByTestId('betting-total')).toHaveText(
      text(language, 'agents.betting.total_one').replace('{{count}}', shown(language, 1)),
      LOADED,
    );

    // User P&L: the member, with their deposit.
    await menu.getByRole('button', { name: text(language, 'agents.entry.user_profit') }).click();
    await expect(row(downline, 'user-profit')).toBeVisible(LOADED);
    await expect(centre.getByTestId('profit-total')).toHaveText(
      text(language, 'agents.profit.total_one').replace('{{count}}', shown(language, 1)),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `agent-centre-profit-${info.project.name}-${language}`);

    // Account details: the deposit, also when asked for that member alone.
    await menu.getByRole('button', { name: text(language, 'agents.entry.account_details') }).click();
    await expect(row(downline, 'account-details')).toContainText(text(language, 'records.type.deposit'), LOADED);
    const filters = centre.getByRole('form', { name: text(language, 'agents.details.filters') });
    await filters.getByLabel(text(language, 'agents.details.member')).fill(downline);
    await filters.getByRole('button', { name: text(language, 'agents.details.apply') }).click();
    await expect(centre.getByTestId('details-total')).toHaveText(
      text(language, 'agents.details.total_one').replace('{{count}}', shown(language, 1)),
      LOADED,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `agent-centre-details-${info.project.name}-${language}`);
  });

  test(`an agent reads the announcement the operator wrote for agents (${language.toUpperCase()})`, async ({ page }, info) => {
    const agentName = newUsername();
    await registerByApi(page.request, agentName);
    await admin('member', 'set-type', agentName, '1');
    const title = `Agents ${agentName}`;
    await admin(
      'announcement',
      'add',
      '--type',
      'PL',
      '--audience',
      'agents',
      '--title-en',
      title,
      '--content-en',
      '<p>New rates</p>',
      '--title-bn',
      title,
      '--content-bn',
      '<p>New rates</p>',
    );
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    await startLoggedIn(page, await loginByApi(page.request, agentName));
    await page.goto('/index?ac=agentAnnouncement');
    const centre = page.getByRole('dialog', { name: text(language, 'agents.title') });
    await centre
      .getByRole('button', { name: text(language, 'agents.notices.open_of').replace('{{title}}', title) })
      .click(LOADED);
    await expect(centre.getByTestId('agent-notice')).toContainText('New rates', LOADED);
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `agent-centre-notice-${info.project.name}-${language}`);
  });
}

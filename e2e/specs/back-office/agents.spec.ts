// The agents' back office in a real browser (issue item 5): an operator raises the daily salary limit and its offer
// template in the "Agent contracts" settings; a top agent offers their sub-agent a daily salary at that limit, the
// sub-agent's member plays and the settlement clock closes the day (API set-up). The operator opens the settlement run,
// reads the sub-agent's statement waiting for review, holds it, releases it and approves it (paid once: a second
// approval is refused and the sub-agent's balance is the statement's amount); walks the agents list and tree, moves the
// sub-agent under another agent (the statement of the past day keeps its old upline); and finds each action in the
// audit log. @exclusive: it moves the settlement clock and changes the merchant's review switch, contract limits and
// daily salary feature, which every other agent spec would see.
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { openBackOffice, seriousViolations, staffToken } from '../../support/back-office.js';
import { saveShot, skipPopupAnnouncement, useLanguage } from '../../support/site.js';
import { loginByApi, newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';
import { playRounds } from '../games/player-kit.js';

test.describe.configure({ timeout: 420_000 });
const LOADED = { timeout: 30_000 };
/** A day and five minutes: today's daily periods count as closed. */
const CLOSE_THE_DAY = String(24 * 60 + 5);

type Agent = Awaited<ReturnType<typeof loginByApi>> & { account: string; inviteCode: string };

async function newAgent(request: APIRequestContext, upline?: Agent): Promise<Agent> {
  const account = newUsername();
  await registerByApi(request, account, upline ? { affiliateCode: upline.inviteCode } : {});
  await admin('member', 'set-type', account, '1');
  const session = await loginByApi(request, account);
  const centre = await request.get('/wps/agent/centre', { headers: { authorization: session.token } });
  return { ...session, account, inviteCode: (await centre.json()).value.inviteCode };
}

async function dailySalaryCall(request: APIRequestContext, agent: Agent, body: object) {
  const answer = await request.post('/wps/relay/MCS2_processDailySalContract', {
    headers: { authorization: agent.token },
    data: body,
  });
  const envelope = await answer.json();
  expect(answer.status(), JSON.stringify(envelope)).toBe(200);
  return envelope.value;
}

/** A member under `agent` in a browser of their own: deposits ৳1,000 and plays 20 slot rounds of ৳0.50 (৳10 of bets). */
async function downlinePlays(page: Page, agent: Agent) {
  const player = await (await page.context().browser()?.newContext())?.newPage();
  if (!player) throw new Error('no browser');
  await skipPopupAnnouncement(player);
  await useLanguage(player, 'en');
  await startLoggedIn(player, await registerByApi(player.request, newUsername(), { affiliateCode: agent.inviteCode }));
  await player.goto('/index?mc=depositv2');
  const centre = player.getByRole('dialog');
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00', LOADED);
  await playRounds(player, 20);
  await player.context().close();
}

let saved: { agents: string; agentContracts: string };
test.beforeAll(async () => {
  test.setTimeout(120_000);
  saved = { agents: await admin('settings', 'get', 'agents'), agentContracts: await admin('settings', 'get', 'agentContracts') };
  await admin('settings', 'set', 'agents', JSON.stringify({ ...JSON.parse(saved.agents), reviewSettlements: true }));
  await admin('features', 'set', 'DAYSAL', 'on');
  await admin('agent-settlement', 'clock', 'reset');
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await admin('agent-settlement', 'clock', 'reset');
  await admin('features', 'set', 'DAYSAL', 'off');
  await admin('settings', 'set', 'agentContracts', saved.agentContracts);
  await admin('settings', 'set', 'agents', saved.agents);
});

// The back office runs on the desktop only, in English: the title names the language in words (playwright.config.ts).
test('@exclusive staff settle, review, move and audit agents, in English', async ({ page, request }, info) => {
  const shot = (name: string) => saveShot(page, info, `bo-agents-${name}-${info.project.name}-en`);
  const staff = `owner.a${randomBytes(4).toString('hex')}`;
  const token = await staffToken(request, staff, 'owner');
  await openBackOffice(page, token, '/settings?group=agentContracts');

  // Contract limits and templates: the daily salary's top rate 10.00 %, its template one tier at that rate.
  const limits = page.getByRole('form', { name: 'Agent contracts' });
  const daily = limits.getByRole('group', { name: 'Daily salary', exact: true });
  await daily.getByLabel('Top agents’ rate limit (basis points)').fill('1000');
  const template = daily.getByRole('group', { name: 'Offer template tiers' });
  if ((await template.getByLabel('Rate (basis points) 1').count()) === 0) {
    await template.getByRole('button', { name: 'Add to Offer template tiers' }).click();
  }
  await template.getByLabel('Bet per day, at least 1').fill('100');
  await template.getByLabel('Active members, at least 1').fill('1');
  await template.getByLabel('Rate (basis points) 1').fill('1000');
  await limits.getByRole('button', { name: 'Save Agent contracts' }).click();
  await expect(limits.getByRole('status')).toHaveText('Saved: the site uses it from the next request.');

  // Set-up through the API: the top agent offers 10 % of the team's daily valid bets (refused above the old limit),
  // the sub-agent accepts, their member bets ৳10, and the day closes and is settled.
  const top = await newAgent(request);
  const other = await newAgent(request);
  const agent = await newAgent(request, top);
  const offer = await dailySalaryCall(request, top, {
    action: 'offer',
    downline: agent.account,
    period: 'daily',
    tiers: [{ minBetPerDay: '100', minActiveMembers: 1, rate: 1000 }],
  });
  await dailySalaryCall(request, agent, { action: 'accept', contractId: offer.contract.id });
  await downlinePlays(page, agent);
  await admin('agent-settlement', 'clock', 'advance', CLOSE_THE_DAY);
  await admin('agent-settlement', 'run');
  const { statementId, runId } = await settledStatement(request, token, agent.account);

  // The run opens on its statements: the sub-agent's waits for review, 10 % of ৳10.
  await page.getByRole('link', { name: 'Agent settlements', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agent settlements' })).toBeVisible();
  await page.getByRole('button', { name: `Statements of run ${runId}`, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Showing the statements of run ${runId}.` })).toBeVisible();
  const row = page.locator('tr[data-status]').filter({ has: page.getByRole('rowheader', { name: statementId, exact: true }) });
  await expect(row).toHaveAttribute('data-status', 'review', LOADED);
  await expect(row).toContainText(agent.account);
  await expect(row).toContainText(top.account);
  await expect(row).toContainText('Waiting for review');
  await expect(row.locator('td').nth(10)).toHaveText('1.00');
  expect(await seriousViolations(page)).toEqual([]);
  await shot('run');

  // Hold, release, approve: paid once, and a second approval is refused.
  const review = page.getByRole('form', { name: 'Review a statement' });
  const act = async (action: string, reason?: string) => {
    await review.getByLabel('Statement ID').fill(statementId);
    await review.getByLabel('Action').selectOption({ label: action });
    if (reason) await review.getByLabel('Reason (required to reject)').fill(reason);
    await review.getByRole('button', { name: 'Apply' }).click();
  };
  await act('Hold', 'checking the team');
  await expect(review.getByRole('status')).toHaveText(`Statement ${statementId} is now: Held.`);
  await expect(row).toHaveAttribute('data-status', 'held');
  await expect(row).toContainText('checking the team');
  await act('Release to the queue');
  await expect(review.getByRole('status')).toHaveText(`Statement ${statementId} is now: Waiting for review.`);
  await expect(row).toHaveAttribute('data-status', 'review');
  await act('Approve and pay');
  await expect(review.getByRole('status')).toHaveText(`Statement ${statementId} is now: Paid.`);
  await expect(row).toHaveAttribute('data-status', 'paid');
  await act('Approve and pay');
  await expect(review.getByRole('alert')).toBeVisible();
  expect(await mainBalance(request, agent)).toBe('100');
  await shot('paid');

  // The agents list and tree: the top agent has one direct downline agent, the sub-agent.
  await page.getByRole('link', { name: 'Agents', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  const search = page.getByRole('form', { name: 'Find agents' });
  await search.getByLabel('Account starts with').fill(top.account);
  await search.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByRole('button', { name: `${top.account}: 1 direct downline member; show the agents under them` }).click();
  const tree = page.getByRole('navigation', { name: 'Agent tree' });
  await expect(tree.locator('[aria-current="page"]')).toHaveText(top.account);
  const listed = page.getByRole('table', { name: 'Agents and their downline' });
  await expect(listed.getByRole('row', { name: new RegExp(agent.account) })).toContainText(top.account);
  expect(await seriousViolations(page)).toEqual([]);
  await shot('tree');

  // The move: the sub-agent and their member go under the other agent; the top agent's level is empty.
  const move = page.getByRole('form', { name: 'Move a member to another agent' });
  await move.getByLabel('Member account').fill(agent.account);
  await move.getByLabel('New upline agent').fill(other.account);
  await move.getByLabel('Reason (kept in the audit log)').fill('team asked to change upline');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move.getByRole('status')).toHaveText(`${agent.account} now sits under ${other.account} (2 accounts moved).`);
  await expect(page.getByText('No agents directly under this one.')).toBeVisible();
  const moved = page.getByRole('table', { name: 'Latest moves' }).getByRole('row', { name: new RegExp(agent.account) });
  await expect(moved).toContainText(`${top.account}${other.account}2${staff}team asked to change upline`);
  await tree.getByRole('button', { name: 'All agents' }).click();
  await search.getByLabel('Account starts with').fill(other.account);
  await search.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByRole('button', { name: `${other.account}: 1 direct downline member; show the agents under them` }).click();
  await expect(listed.getByRole('row', { name: new RegExp(agent.account) })).toContainText(other.account);
  await shot('moved');

  // The past day stays with the agent of that day: the statement still names the top agent as its upline.
  await page.getByRole('link', { name: 'Agent settlements', exact: true }).click();
  const statements = page.getByRole('form', { name: 'Find statements' });
  await statements.getByLabel('Agent account').fill(agent.account);
  await statements.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(row.locator('td').nth(2)).toHaveText(top.account);
  await expect(row).toHaveAttribute('data-status', 'paid');

  // The audit log holds each action of this operator.
  await page.getByRole('link', { name: 'Audit log', exact: true }).click();
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Who').fill(staff);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  const entry = (action: string, target: string) =>
    log
      .getByRole('row')
      .filter({ has: page.getByText(action, { exact: true }) })
      .filter({ hasText: target });
  await expect(entry('settings.set', 'agentContracts')).toHaveCount(1, LOADED);
  for (const action of ['hold', 'release', 'approve']) {
    await expect(entry(`agent.settlement.${action}`, `settlement:${statementId}`)).toHaveCount(1);
  }
  await expect(entry('agent.move', agent.account)).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await shot('audit');
});

/** The sub-agent's statement with an amount, and the run that computed it, as the back office's calls answer them. */
async function settledStatement(request: APIRequestContext, token: string, account: string) {
  const get = async (url: string) => (await (await request.get(url, { headers: { authorization: token } })).json()).value;
  const { statements } = await get(`/bo/api/agent-settlements?agent=${account}&status=review`);
  expect(statements).toHaveLength(1);
  const statementId: string = statements[0].id;
  for (const run of (await get('/bo/api/agent-settlements/runs')).runs) {
    const ofRun = await get(`/bo/api/agent-settlements?agent=${account}&run=${run.id}`);
    if (ofRun.total > 0) return { statementId, runId: run.id as string };
  }
  throw new Error(`no run lists statement ${statementId}`);
}

async function mainBalance(request: APIRequestContext, agent: Agent) {
  const answer = await request.get('/wps/v2/wallets/balance', { headers: { authorization: agent.token } });
  return (await answer.json()).value.sumBalance as string;
}

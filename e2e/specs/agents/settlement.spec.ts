// An agent's downline through their link, and the settlement of agent contracts (spec 2.5 "register account", "team
// management", "my income"; §4 periods): a top agent offers their downline agent a daily salary (the offer badge shows
// on the agent's Daily salary entry until they answer), the agent accepts; the agent's register-account page shows
// the invite link and its QR code, a new browser opens that link, signs up, deposits, and the agent finds the new
// member in team management; the member plays; the settlement test clock closes the day and settlement runs; the
// agent sees the paid statement in "my income", its detail, and their balance risen by it. Desktop in English and a
// phone in Bengali, with an accessibility scan. @exclusive: it moves the settlement clock and switches the merchant's
// daily salary feature on, which every other spec's agent centre would see.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { LAYOUT_RUNS, LAYOUTS } from '../../support/layouts.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { loginByApi, newUsername, PASSWORD, registerByApi } from '../accounts/account-kit.js';
import { playRounds } from '../games/player-kit.js';

test.describe.configure({ timeout: 420_000 });
const LOADED = { timeout: 30_000 };
const DAILY_SALARY_CALL = '/wps/relay/MCS2_processDailySalContract';
/** A day and five minutes: today's daily periods count as closed. */
const CLOSE_THE_DAY = String(24 * 60 + 5);

type Session = Awaited<ReturnType<typeof loginByApi>>;

async function seriousViolations(page: Page) {
  const scan = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function inviteCode(page: Page, session: Session) {
  const centre = await page.request.get('/wps/agent/centre', { headers: { authorization: session.token } });
  return (await centre.json()).value.inviteCode as string;
}

/** A new agent (type 1), under `upline` when given, logged in. */
async function newAgent(page: Page, upline?: Session): Promise<Session & { account: string }> {
  const account = newUsername();
  await registerByApi(page.request, account, upline ? { affiliateCode: await inviteCode(page, upline) } : {});
  await admin('member', 'set-type', account, '1');
  return { ...(await loginByApi(page.request, account)), account };
}

async function dailySalaryCall(page: Page, session: Session, body: object) {
  const answer = await page.request.post(DAILY_SALARY_CALL, { headers: { authorization: session.token }, data: body });
  const envelope = await answer.json();
  expect(answer.status(), JSON.stringify(envelope)).toBe(200);
  return envelope.value;
}

/** The page's session replaced by `session`'s, then the agent centre at `page`. */
async function openCentreAs(page: Page, session: Session, centrePage: string) {
  await page.goto('/index');
  await page.evaluate(
    ({ token, userName, type }) => {
      window.sessionStorage.setItem('token', token);
      window.sessionStorage.setItem('account', userName);
      window.sessionStorage.setItem('isAgent', String(type));
    },
    { token: session.token, userName: session.userName, type: session.customerType },
  );
  await page.goto(`/index?ac=${centrePage}`);
}

let savedLimits = '';
test.beforeAll(async () => {
  test.setTimeout(120_000);
  savedLimits = await admin('settings', 'get', 'agentContracts');
  const limits = JSON.parse(savedLimits);
  limits.dailySalary = { ceilingRate: 1000, template: [{ minBetPerDay: '100', minActiveMembers: 1, rate: 1000 }] };
  await admin('settings', 'set', 'agentContracts', JSON.stringify(limits));
  await admin('features', 'set', 'DAYSAL', 'on');
});
// Each run closes its own day from real time: the offset left by an earlier run would put the contract's first period
// in the clock's past before its bets are placed.
test.beforeEach(async () => {
  await admin('agent-settlement', 'clock', 'reset');
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await admin('agent-settlement', 'clock', 'reset');
  await admin('features', 'set', 'DAYSAL', 'off');
  await admin('settings', 'set', 'agentContracts', savedLimits);
});

for (const { layout, language } of LAYOUT_RUNS) {
  test.describe(`@exclusive agent settlement on a ${layout}`, () => {
    test.use(LAYOUTS[layout]);

    test(`the downline plays, the day closes, the agent is paid and sees it in my income (${language.toUpperCase()})`, async ({
      page,
    }, info) => {
      const shot = (name: string) => saveShot(page, info, `settlement-${name}-${layout}-${language}`);
      await skipPopupAnnouncement(page);
      const top = await newAgent(page);
      const agent = await newAgent(page, top);

      // The top agent offers 10 % of the team's daily valid bets; the agent's Daily salary entry shows the offer.
      const offer = await dailySalaryCall(page, top, {
        action: 'offer',
        downline: agent.account,
        period: 'daily',
        tiers: [{ minBetPerDay: '100', minActiveMembers: 1, rate: 1000 }],
      });
      await useLanguage(page, language);
      await openCentreAs(page, agent, 'agentIncome');
      const centre = page.getByRole('dialog', { name: text(language, 'agents.title') });
      const menu = centre.getByRole('navigation', { name: text(language, 'agents.entries') });
      const salaryEntry = menu.getByRole('button', { name: text(language, 'agents.entry.daily_salary') });
      await expect(salaryEntry.getByTestId('entry-badge')).toHaveText(text(language, 'agents.offer_badge'), LOADED);
      await expect(centre.getByText(text(language, 'agents.income.empty'))).toBeVisible(LOADED);
      await shot('empty');
      await dailySalaryCall(page, agent, { action: 'accept', contractId: offer.contract.id });

      // The register-account page shows the invite link and its QR code; a new browser signs up through the link.
      await openCentreAs(page, agent, 'agentRegister');
      const link = centre.getByTestId('invite-link');
      await expect(link).toContainText('/register?affiliateCode=', LOADED);
      await expect(centre.getByRole('img', { name: text(language, 'agents.register.qr_label') })).toBeVisible();
      await shot('invite');
      const { player, account } = await signUpThrough(page, (await link.textContent()) ?? '', language);

      // Team management lists the new member under the agent, at level 1.
      await menu.getByRole('button', { name: text(language, 'agents.entry.team_management') }).click();
      await expect(centre.getByRole('row', { name: new RegExp(account) })).toBeVisible(LOADED);
      await shot('team');

      // The member plays 40 rounds of ৳0.50: ৳20 of bets.
      await playRounds(player, 40);
      await player.close();

      await admin('agent-settlement', 'clock', 'advance', CLOSE_THE_DAY);
      await admin('agent-settlement', 'run');

      await openCentreAs(page, agent, 'agentIncome');
      await expect(salaryEntry.getByTestId('entry-badge')).toHaveCount(0, LOADED);
      const income = centre.getByTestId('income');
      const paid = income.locator('[data-status="paid"]');
      await expect(paid).toHaveCount(1, LOADED);
      await expect(paid).toHaveText(text(language, 'agents.income.statuses.paid'));
      await income
        .getByRole('button', { name: text(language, 'agents.income.detail') })
        .first()
        .click();
      const statement = centre.getByTestId('income-statement');
      const amount = statement.getByTestId('statement-amount');
      await expect(amount).toBeVisible(LOADED);
      // 10 % of ৳20.00.
      if (language === 'en') await expect(amount).toHaveText('৳ 2.00');
      // The agent started at zero, so the header's balance (figures without the symbol) is the statement's amount.
      const figures = ((await amount.textContent()) ?? '').replace(/^৳\s*/, '');
      await expect(page.getByTestId('header-balance-amount').first()).toHaveText(figures, LOADED);
      expect(await seriousViolations(page)).toEqual([]);
      await shot('paid');
    });
  });
}

/**
 * A visitor in a browser of their own opens the invite link, signs up (the link's code fills the affiliate field, so
 * the form does not ask for it), is logged in and deposits ৳1,000; then reads the site in `language`.
 */
async function signUpThrough(page: Page, link: string, language: 'en' | 'bn') {
  expect(link).toMatch(/\/register\?affiliateCode=[0-9A-F]{8}$/);
  const player = await page.context().browser()?.newPage();
  if (!player) throw new Error('no browser');
  await skipPopupAnnouncement(player);
  await useLanguage(player, 'en');
  const account = newUsername();
  await player.goto(link);
  const register = player.getByRole('dialog', { name: /Sign up/ });
  await register.getByLabel('Username', { exact: true }).fill(account);
  await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await register.getByLabel('Confirm password').fill(PASSWORD);
  await expect(register.getByLabel(text('en', 'accounts.fields.affiliate_code'))).toHaveCount(0);
  await register.getByRole('checkbox', { name: /18 years of age or older/ }).check();
  await register.getByRole('button', { name: 'Sign up' }).click();
  const welcome = player.getByRole('dialog', { name: 'Welcome' });
  // The sign-up waits for the browser's bot-check proof of work, which a loaded machine takes long over.
  await expect(welcome).toContainText(account, { timeout: 90_000 });
  await welcome.getByRole('button', { name: 'Start playing' }).click();
  await expect(player.getByTestId('header-balance')).toBeVisible(LOADED);

  await player.goto('/index?mc=depositv2');
  const centre = player.getByRole('dialog');
  await centre.getByRole('button', { name: '৳ 1,000.00' }).click();
  await centre.getByTestId('deposit-submit').click();
  await expect(centre.getByTestId('deposit-result')).toContainText('৳ 1,000.00');
  if (language !== 'en') await useLanguage(player, language);
  return { player, account };
}

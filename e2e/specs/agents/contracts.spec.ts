// Agent contracts (spec 2.5, §4, 7.4): a top agent offers their direct downline agent a dividend contract in the agent
// centre, the downline accepts it; the downline passes part of it on to their own downline; then the top agent offers
// a higher rate and its acceptance ends the lower contract at once (spec §4) while the contract below stays. Phone
// and desktop, BN and EN, with an accessibility scan of each page. @exclusive: it switches the merchant's dividend
// feature on, which changes the agent centre's menu every other spec sees.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../../support/admin.js';
import { LAYOUT_RUNS, LAYOUTS } from '../../support/layouts.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { loginByApi, newUsername, registerByApi } from '../accounts/account-kit.js';

// Three agents registered (each with the bot check solved) and four operator commands per test: slow on a loaded machine.
test.describe.configure({ timeout: 360_000 });
const LOADED = { timeout: 30_000 };
const DIVIDEND_CALL = '/wps/relay/MCS2_processDividendReq';

async function seriousViolations(page: Page) {
  const scan = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

type Session = Awaited<ReturnType<typeof loginByApi>>;

/** A new agent (type 1), under `upline` when given, logged in. */
async function newAgent(page: Page, upline?: Session): Promise<Session & { account: string }> {
  const account = newUsername();
  const extra: Record<string, string> = {};
  if (upline) {
    const centre = await page.request.get('/wps/agent/centre', { headers: { authorization: upline.token } });
    extra.affiliateCode = (await centre.json()).value.inviteCode;
  }
  await registerByApi(page.request, account, extra);
  await admin('member', 'set-type', account, '1');
  return { ...(await loginByApi(page.request, account)), account };
}

/** Spec 7.4's dividend call as the agent of `session`. */
async function dividendCall(page: Page, session: Session, body: object) {
  const answer = await page.request.post(DIVIDEND_CALL, { headers: { authorization: session.token }, data: body });
  const envelope = await answer.json();
  expect(answer.status(), JSON.stringify(envelope)).toBe(200);
  return envelope.value;
}

/** Opens the agent centre's dividend page as `session`'s agent (the page's session replaced). */
async function openDividendAs(page: Page, session: Session) {
  await page.goto('/index');
  await page.evaluate(
    ({ token, userName, type }) => {
      window.sessionStorage.setItem('token', token);
      window.sessionStorage.setItem('account', userName);
      window.sessionStorage.setItem('isAgent', String(type));
    },
    { token: session.token, userName: session.userName, type: session.customerType },
  );
  await page.goto('/index?ac=agentDividend');
}

let savedLimits = '';
// The operator command starts a process per call: slow on a loaded machine.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  savedLimits = await admin('settings', 'get', 'agentContracts');
  const limits = JSON.parse(savedLimits);
  limits.dividend = {
    ceilingRate: 2000,
    periods: ['weekly', 'semiMonthly', 'monthly'],
    template: [{ minValidBet: '0', minLoss: '0', minActiveMembers: 1, rate: 300 }],
  };
  await admin('settings', 'set', 'agentContracts', JSON.stringify(limits));
  await admin('features', 'set', 'DIVIDEND', 'on');
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await admin('features', 'set', 'DIVIDEND', 'off');
  await admin('settings', 'set', 'agentContracts', savedLimits);
});

for (const { layout, language } of LAYOUT_RUNS) {
  test.describe(`@exclusive agent contracts on a ${layout}`, () => {
    test.use(LAYOUTS[layout]);

    test(`offer, accept, and a higher rate ends the lower contract (${language.toUpperCase()})`, async ({ page }, info) => {
      const top = await newAgent(page);
      const middle = await newAgent(page, top);
      const bottom = await newAgent(page, middle);
      await skipPopupAnnouncement(page);
      await useLanguage(page, language);
      const shot = (name: string) => saveShot(page, info, `contracts-${name}-${layout}-${language}`);
      const status = (key: string) => text(language, `contracts.status.${key}`);

      // The top agent offers the middle one 5 % from the dividend page, starting from the merchant's template.
      await openDividendAs(page, top);
      const centre = page.getByRole('dialog', { name: text(language, 'agents.title') });
      const menu = centre.getByRole('navigation', { name: text(language, 'agents.entries') });
      await expect(menu.getByRole('button', { name: text(language, 'agents.entry.dividend') })).toHaveAttribute(
        'aria-current',
        'page',
        LOADED,
      );
      const form = centre.getByRole('form', { name: text(language, 'contracts.offer.form') });
      await expect(form.getByTestId('offer-limit')).toContainText('20.00', LOADED);
      await form.getByLabel(text(language, 'contracts.offer.downline')).fill(middle.account);
      const rate = form.getByLabel(new RegExp(`^${text(language, 'contracts.field.rate')}`));
      await expect(rate).toHaveValue('3.00');
      await rate.fill('25');
      await form.getByRole('button', { name: text(language, 'contracts.offer.submit') }).click();
      await expect(form.getByRole('alert')).toHaveText(text(language, 'errors.contract_rate_ceiling'));
      await rate.fill('5');
      await form.getByRole('button', { name: text(language, 'contracts.offer.submit') }).click();
      await expect(form.getByTestId('offer-done')).toContainText(middle.account, LOADED);
      const offeredByTop = centre.getByTestId('contract').filter({ hasText: middle.account });
      await expect(offeredByTop).toHaveAttribute('data-status', 'offered', LOADED);
      expect(await seriousViolations(page)).toEqual([]);
      await shot('offered');

      // The middle agent accepts it, after a confirmation.
      await openDividendAs(page, middle);
      const received = centre.getByTestId('contract').filter({ hasText: top.account });
      await expect(received).toHaveAttribute('data-status', 'offered', LOADED);
      await received.getByRole('button', { name: text(language, 'contracts.action.accept') }).click();
      const confirm = page.getByRole('dialog', { name: text(language, 'contracts.confirm.accept_title') });
      await expect(confirm).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shot('confirm');
      await confirm.getByRole('button', { name: text(language, 'contracts.action.accept') }).click();
      await expect(confirm).toHaveCount(0, LOADED);
      await expect(received).toHaveAttribute('data-status', 'active', LOADED);
      await expect(received).toContainText(status('active'));

      // The middle agent passes 3 % on to their own downline, who accepts (through spec 7.4's call).
      const below = await dividendCall(page, middle, {
        action: 'offer',
        downline: bottom.account,
        period: 'monthly',
        tiers: [{ minValidBet: '0', minLoss: '0', minActiveMembers: 1, rate: 300 }],
      });
      await dividendCall(page, bottom, { action: 'accept', contractId: below.contract.id });

      // The top agent offers 8 %: accepting it ends the 5 % contract at once; the 3 % one below stays.
      const raise = await dividendCall(page, top, {
        action: 'offer',
        downline: middle.account,
        period: 'weekly',
        tiers: [{ minValidBet: '0', minLoss: '0', minActiveMembers: 1, rate: 800 }],
      });
      await page.reload();
      const offer = centre.getByTestId('contract').and(centre.locator('[data-status="offered"]'));
      await expect(offer).toBeVisible(LOADED);
      await offer.getByRole('button', { name: text(language, 'contracts.action.accept') }).click();
      await confirm.getByRole('button', { name: text(language, 'contracts.action.accept') }).click();
      await expect(confirm).toHaveCount(0, LOADED);
      const fromTop = centre.getByTestId('contract').filter({ hasText: top.account });
      await expect(fromTop).toHaveCount(2, LOADED);
      await expect(fromTop.first()).toHaveAttribute('data-status', 'active');
      await expect(fromTop.last()).toHaveAttribute('data-status', 'ended');
      await expect(fromTop.last()).toContainText(text(language, 'contracts.end_reason.superseded'));
      await expect(centre.getByTestId('contract').filter({ hasText: bottom.account })).toHaveAttribute('data-status', 'active');
      expect(await seriousViolations(page)).toEqual([]);
      await shot('replaced');

      const settings = await page.request.get('/wps/agent/contracts/settings', {
        headers: { authorization: middle.token },
      });
      expect((await settings.json()).value.divtypereq).toEqual({
        enabled: true,
        received: 'active',
        awaitingAnswer: false,
        ceiling: { rate: 800 },
      });
      expect(raise.contract.status).toBe('offered');
    });
  });
}

// Withdrawals paid out through a payment provider (the TESTPSP stand-in beside the server): finance approves a
// withdrawal in the back office, the provider pays it and the player's withdrawal moves to "paid: please confirm";
// with the provider's failure switch on, the next payout fails and the money comes back to the player's balance with
// a notice on the withdrawal. Phone and desktop, BN and EN, with an accessibility scan and screenshots. @exclusive: a channel that pays out to bank accounts changes how every other spec's withdrawals are
// paid, and the failure switch is the provider's own.
import { randomBytes, randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import type { RsaKey } from '@tessera/contract/api/accounts';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import { solveBotCheck } from '../../../apps/server/src/modules/bot-check/solve.js';
import { seriousViolations, staffToken } from '../../support/back-office.js';
import { e2eEnv } from '../../support/env.js';
import { LAYOUT_RUNS, LAYOUTS } from '../../support/layouts.js';
import { pspBehavesNormally, pspControl } from '../../support/psp.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, PASSWORD, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test.describe.configure({ timeout: 240_000 });
/** What waits on the server's payout job, the provider and the live stream: generous, for a loaded machine. */
const LOADED = { timeout: 30_000 };
const PAYMENT_PASSWORD = '482916';

const digits = (language: 'en' | 'bn', major: number) =>
  major.toLocaleString(language === 'bn' ? 'bn-BD' : 'en-US', { minimumFractionDigits: 2 });

/** The provider channel each worker adds (a worker started again after a failure adds its own). */
let channel = '';
let owner = '';
let finance = '';

/** The provider channel, saved through the back office's call (the channels screen's save); off: no payouts either. */
async function saveChannel(request: APIRequestContext, change: { isNew: boolean; active: boolean }) {
  const { isNew, active } = change;
  const response = await request.post('/bo/api/channels/save', {
    headers: { authorization: owner },
    data: {
      isNew,
      code: channel,
      kind: 'instant',
      gateway: 'testpsp',
      names: { en: 'TestPay payouts', bn: 'টেস্টপে পেআউট' },
      instructions: { en: '', bn: '' },
      minMinor: '10000',
      maxMinor: '5000000',
      feeBps: 0,
      feeFixedMinor: '0',
      currency: null,
      paymentMinutes: 15,
      sortOrder: 50,
      active,
      minVipLevel: 0,
      depositHistory: 'any',
      logo: 'mobile-wallet',
      payoutAccountType: active ? 'bank' : null,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

let api: APIRequestContext;
let added = false;

test.beforeAll(async ({ playwright }) => {
  // Two staff enrolments (password hashes and logins): room for a loaded machine.
  test.setTimeout(120_000);
  api = await playwright.request.newContext({ baseURL: e2eEnv.baseURL });
  const suffix = randomBytes(3).toString('hex');
  channel = `payout${suffix}`;
  owner = await staffToken(api, `own.payout.${suffix}`, 'owner');
  finance = await staffToken(api, `fin.payout.${suffix}`, 'finance');
  await pspBehavesNormally();
  await saveChannel(api, { isNew: true, active: true });
  added = true;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await pspBehavesNormally();
  if (added) await saveChannel(api, { isNew: false, active: false });
  await api.dispose();
});

/** A player with 1,000 of play money, two bank accounts bound and a payment password, all through the API. */
async function fundedPlayer(page: Page, language: 'en' | 'bn') {
  await skipPopupAnnouncement(page);
  await useLanguage(page, language);
  const challenge = (await (await page.request.get('/wps/verification/bot-check')).json()) as EnvelopeOf<BotCheckChallenge>;
  const player = await registerByApi(page.request, newUsername(), { botCheck: await solveBotCheck(challenge.value) });
  const authorization = player.token;
  const deposit = await page.request.post('/wps/deposit/orders', {
    headers: { authorization },
    data: { channel: 'demo', amountMinor: '100000', requestId: randomUUID() },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);
  const accounts: string[] = [];
  for (const number of ['1234567890', '2345678901']) {
    const bound = await page.request.put('/wps/member/payout-accounts', {
      headers: { authorization },
      data: { type: 'bank', provider: 'Sonali Bank', holderName: 'Karim Ahmed', accountNumber: number },
    });
    expect(bound.status(), await bound.text()).toBe(200);
    accounts.push(((await bound.json()) as { value: { id: string } }).value.id);
  }
  await sealed(page.request, authorization, '/wps/member/payment-password', {
    loginPassword: PASSWORD,
    newPassword: PAYMENT_PASSWORD,
    confirmPassword: PAYMENT_PASSWORD,
  });
  await startLoggedIn(page, player);
  return { player, accounts };
}

/** A call through the encrypted entry, as the site's forms make it. */
async function sealed(request: APIRequestContext, authorization: string, path: string, payload: Record<string, unknown>) {
  const key = ((await (await request.get('/wps/session/key/rsa')).json()) as EnvelopeOf<RsaKey>).value;
  const { headers, body } = await sealRequest(key, { method: 'POST', path }, payload);
  const response = await request.post(path, {
    headers: { Encryption: headers.encryption, Authorization: authorization },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

const withdraw = (request: APIRequestContext, authorization: string, accountId: string, amountMinor: string) =>
  sealed(request, authorization, '/wps/withdraw/orders', {
    requestId: randomUUID(),
    amount: amountMinor,
    payoutAccountId: accountId,
    paymentPassword: PAYMENT_PASSWORD,
  });

/** The back office in a desktop tab of its own, logged in as finance. */
async function backOffice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: LAYOUTS.desktop.viewport });
  await context.addInitScript((value) => sessionStorage.setItem('tessera.bo.token', value), finance);
  return context.newPage();
}

/** Finance finds the player's pending withdrawal and approves it: the payout goes to the provider. */
async function approveInBackOffice(bo: Page, account: string) {
  await bo.goto('/bo/withdrawals');
  await bo.getByLabel('Player account').fill(account);
  await bo.getByRole('button', { name: 'Apply filters' }).click();
  const row = bo.locator('tbody tr', { hasText: account });
  await expect(row).toHaveCount(1, LOADED);
  await row.getByRole('button', { name: /^Approve withdrawal/ }).click();
  await expect(bo.getByRole('status').filter({ hasText: 'the payout is sent' })).toBeVisible(LOADED);
}

/** The payout job and the provider's callback follow the approval: the withdrawal page, reloaded, shows the outcome. */
async function untilRowShows(page: Page, row: Locator, wanted: string) {
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText(wanted, { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
}

for (const { layout, language } of LAYOUT_RUNS) {
  test.describe(`@exclusive payouts through the provider on a ${layout}`, () => {
    test.use(LAYOUTS[layout]);

    test(`a payout is paid, and a failed one returns the money with a notice (${language.toUpperCase()})`, async ({
      page,
      browser,
    }, info) => {
      const shot = (target: Page, name: string) => saveShot(target, info, `payout-${name}-${layout}-${language}`);
      const { player, accounts } = await fundedPlayer(page, language);
      const [paidTo, failedTo] = accounts as [string, string];
      const balance = page.getByTestId('header-balance-amount');
      const centre = page.getByRole('dialog', { name: text(language, 'members_centre.title') });
      const latest = centre.getByTestId('withdrawal-row').first();

      // 300 is paid out by the provider after finance approves it.
      await withdraw(page.request, player.token, paidTo, '30000');
      await page.goto('/index?mc=withdraw');
      await untilRowShows(page, latest, text(language, 'withdrawal.status.pending'));
      await expect(balance).toHaveText(digits(language, 700), LOADED);
      const bo = await backOffice(browser);
      await approveInBackOffice(bo, player.userName);
      expect(await seriousViolations(bo)).toEqual([]);
      await shot(bo, 'back-office-approved');
      await untilRowShows(page, latest, text(language, 'withdrawal.status.awaiting_confirmation'));
      await expect(balance).toHaveText(digits(language, 700), LOADED);
      await shot(page, 'paid');

      // With the provider's failure switch on, 200 is refused at the provider: the hold is void, the money is back.
      await pspControl('/control/behaviour', { fail: true });
      await withdraw(page.request, player.token, failedTo, '20000');
      await expect(balance).toHaveText(digits(language, 500), LOADED);
      await approveInBackOffice(bo, player.userName);
      await untilRowShows(page, latest, text(language, 'withdrawal.payout_failed'));
      await expect(latest).toContainText(text(language, 'withdrawal.status.rejected'));
      // The money is back: read after a reload, as the rejection and the hold's release are asserted, not the push.
      await expect(async () => {
        await page.reload();
        await expect(balance).toHaveText(digits(language, 700), { timeout: 5_000 });
      }).toPass(LOADED);
      await shot(page, 'failed');
      await pspBehavesNormally();
      await bo.context().close();
    });
  });
}

// Helpers of the accounts specs: unique account names, encrypted-entry calls from the test runner (the same
// sealing code the browser uses), and starting a page already logged in.
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Captcha, LoginResult, RsaKey } from '@tessera/contract/api/accounts';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import { solveBotCheck } from '../../../apps/server/src/modules/bot-check/solve.js';
import { admin } from '../../support/admin.js';

/** A username the default register rule accepts (pattern 1: a letter first, then letters or digits; 6–16). */
export const newUsername = () => `e2e${randomBytes(5).toString('hex')}`.slice(0, 14);
export const PASSWORD = 'Secret2024';

/** The demo merchant has the bot check on (BOTCHECK3): API logins and registrations solve it as the browser does. */
export async function botCheck(request: APIRequestContext): Promise<string> {
  const res = await request.get('/wps/verification/bot-check');
  return solveBotCheck(((await res.json()) as EnvelopeOf<BotCheckChallenge>).value as BotCheckChallenge);
}

async function sealed<T>(request: APIRequestContext, method: 'POST' | 'PUT', path: string, payload: object) {
  const data = { ...payload, botCheck: await botCheck(request) };
  const keyRes = await request.get('/wps/session/key/rsa');
  const key = ((await keyRes.json()) as EnvelopeOf<RsaKey>).value as RsaKey;
  const { headers, body } = await sealRequest(key, { method, path }, data);
  const res = await request.fetch(path, { method, headers: { Encryption: headers.encryption }, data: body });
  const envelope = (await res.json()) as EnvelopeOf<T>;
  expect(res.status(), JSON.stringify(envelope)).toBe(200);
  return envelope.value as T;
}

/** Registers a member through the API (encrypted entry), as the register popup would. */
export function registerByApi(request: APIRequestContext, username: string, extra: Record<string, string> = {}) {
  return sealed<LoginResult>(request, 'PUT', '/wps/member/register', {
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsAccepted: true,
    ageConsent: true,
    registerMethod: 'WEB',
    ...extra,
  });
}

/** Logs in through the API: a new session, which ends any older one of the same account. */
export function loginByApi(request: APIRequestContext, username: string, password = PASSWORD) {
  return sealed<LoginResult>(request, 'POST', '/wps/session/login', { username, password, type: 'username' });
}

/** Starts every page of this test with the session of `result` in session storage (spec §3 keys). */
export async function startLoggedIn(page: Page, result: LoginResult) {
  await page.addInitScript(
    ({ token, userName, type }) => {
      if (window.sessionStorage.getItem('e2eSessionPlaced')) return;
      window.sessionStorage.setItem('e2eSessionPlaced', '1');
      window.sessionStorage.setItem('token', token);
      window.sessionStorage.setItem('account', userName);
      window.sessionStorage.setItem('isAgent', String(type));
    },
    { token: result.token, userName: result.userName, type: result.customerType },
  );
}

/** A Bangladeshi mobile number (dial code 880) the demo's mobile rule accepts (01[3-9] + 8 digits), unused. */
export const newMobile = () => `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Where an SMS to a Bangladeshi number typed with its trunk 0 goes: E.164, the 0 dropped. */
export const smsRecipientOf = (mobile: string) => `+880${mobile.replace(/^0/, '')}`;

/**
 * Follows the image captchas the page receives; `answer()` asks the operator command for the latest one's
 * answer, so the test passes the real check (docs/decisions.md: no test-only switch in the server).
 */
export function watchCaptchas(page: Page) {
  let latest: string | null = null;
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/wps/captcha' || !response.ok()) return;
    latest = ((await response.json()) as EnvelopeOf<Captcha>).value?.captchaId ?? latest;
  });
  return {
    async answer(): Promise<string> {
      await expect.poll(() => latest, { message: 'the page fetched no captcha' }).not.toBeNull();
      return (await admin('captcha', 'answer', latest as string)).trim();
    },
  };
}

/**
 * What a withdrawal needs, set up in the members centre's security centre: a bound bank account ("Sonali Bank",
 * shown by its last four digits) and the payment password `482916`.
 */
export async function bindBankAndPaymentPassword(page: Page, accountNumber: string) {
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await page.goto('/index?mc=securityCenter');
  // A full page load, then the members centre's and the security centre's chunks and calls: room for a busy machine.
  await expect(centre.getByRole('heading', { name: 'Account summary' })).toBeVisible({ timeout: 30_000 });
  await centre.getByLabel('Bank name').fill('Sonali Bank');
  await centre.getByLabel('Account holder name').fill('Karim Ahmed');
  await centre.getByLabel('Account number').fill(accountNumber);
  await centre.getByRole('button', { name: 'Bind account' }).click();
  await expect(centre.getByText(`Sonali Bank · •••• ${accountNumber.replace(/\D/g, '').slice(-4)}`)).toBeVisible();
  await centre.getByLabel('Login password').fill(PASSWORD);
  await centre.getByLabel('New payment password').fill('482916');
  await centre.getByLabel('Confirm payment password').fill('482916');
  await centre.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(centre.getByText('Payment password saved')).toBeVisible();
}

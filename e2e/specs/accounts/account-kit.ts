// Helpers of the accounts specs: unique account names, encrypted-entry calls from the test runner (the same
// sealing code the browser uses), and starting a page already logged in.
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { LoginResult, RsaKey } from '@tessera/contract/api/accounts';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import type { EnvelopeOf } from '@tessera/contract/envelope';

/** A username the default register rule accepts (pattern 1: a letter first, then letters or digits; 6–16). */
export const newUsername = () => `e2e${randomBytes(5).toString('hex')}`.slice(0, 14);
export const PASSWORD = 'Secret2024';

async function sealed<T>(request: APIRequestContext, method: 'POST' | 'PUT', path: string, data: unknown) {
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

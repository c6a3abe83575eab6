import { QueryClientProvider } from '@tanstack/react-query';
import type { LoginResult } from '@tessera/contract/api/accounts';
import type { SystemStatus } from '@tessera/contract/api/system';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import type { ErrorCode } from '@tessera/contract/errors';
import { ERRORS } from '@tessera/contract/errors';
import * as accountsRoutes from '@tessera/contract/routes/accounts';
import * as memberProfileRoutes from '@tessera/contract/routes/member-profile';
import * as promotionRoutes from '@tessera/contract/routes/promotions';
import * as recoveryRoutes from '@tessera/contract/routes/recovery-contacts';
import * as systemRoutes from '@tessera/contract/routes/system';
import * as twoFactorRoutes from '@tessera/contract/routes/two-factor';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { activateLanguage } from '../i18n/i18n';
import { forgetSealingKey } from '../lib/sealed-call';
import { systemStatusQuery } from '../lib/system-status';
import { jsonResponse, systemStatusFixture } from './system-status-fixture';

/*
 * Component-test kit of the accounts feature: EN texts, the system status already loaded (as the boot gate
 * guarantees), a router, and the network stubbed per call with values typed by packages/contract.
 */

/** The calls the account screens make, by the short names the tests stub them under. */
const ACCOUNT_ROUTES = {
  rsaKey: accountsRoutes.getRsaKey,
  login: accountsRoutes.login,
  loginFreePlay: accountsRoutes.loginFreePlay,
  logout: accountsRoutes.logout,
  captcha: accountsRoutes.getCaptcha,
  register: accountsRoutes.register,
  signupOffers: promotionRoutes.listPromotions,
  registerMobile: accountsRoutes.registerMobile,
  sendRegisterSms: accountsRoutes.sendRegisterSms,
  sendLoginSms: accountsRoutes.sendLoginSms,
  setPasswordByPhone: accountsRoutes.setPasswordByPhone,
  affiliate: accountsRoutes.getAffiliate,
  memberInfo: accountsRoutes.getMemberInfo,
  changePassword: accountsRoutes.changePassword,
  forgotPasswordByEmail: accountsRoutes.forgotPasswordByEmail,
  resetPassword: accountsRoutes.resetPassword,
  registerSettings: systemRoutes.getRegisterSettings,
  setNickname: memberProfileRoutes.setNickname,
  setLanguage: memberProfileRoutes.setLanguage,
  sendPasswordResetSms: recoveryRoutes.sendPasswordResetSms,
  sendContactCode: recoveryRoutes.sendContactCode,
  verifyContact: recoveryRoutes.verifyContact,
  twoFactor: twoFactorRoutes.getTwoFactor,
};

type CallName = keyof typeof ACCOUNT_ROUTES;
export type Reply = { status: number; body: EnvelopeOf<unknown> };
export type Handler = (request: { body: unknown; headers: Headers; url: URL }) => Reply | Promise<Reply>;

export const ok = <T,>(value: T): Reply => ({ status: 200, body: { success: true, value, message: '', code: 'ok' } });
export const fail = (code: ErrorCode, value: EnvelopeOf<unknown>['value'] = null): Reply => ({
  status: ERRORS[code].status,
  body: { success: false, value, message: ERRORS[code].messageKey, code } as EnvelopeOf<unknown>,
});

let rsaKey: Promise<{ spki: string }> | null = null;
/** A real RSA-OAEP public key for `GET /wps/session/key/rsa`, so sealed calls run the real Web Crypto code. */
function publicKey() {
  rsaKey ??= (async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
    return { spki: btoa(String.fromCharCode(...spki)) };
  })();
  return rsaKey;
}

/** Stubs fetch: each call by name answers through its handler; an unexpected call fails the test loudly. */
export function stubAccountCalls(handlers: Partial<Record<CallName, Handler>>) {
  forgetSealingKey();
  const byPath = new Map(Object.entries(ACCOUNT_ROUTES).map(([name, call]) => [`${call.method} ${call.path}`, name as CallName]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const name = byPath.get(`${method} ${url.pathname}`);
    if (name === 'rsaKey' && !handlers.rsaKey) {
      const { spki } = await publicKey();
      return jsonResponse(
        ok({ keyId: 'k1', publicKey: spki, algorithm: 'RSA-OAEP-256+A256GCM', expiresAt: Date.now() + 3600_000 }).body,
      );
    }
    // Two-factor is off unless a test turns it on: the password change reads it before showing its form.
    if (name === 'twoFactor' && !handlers.twoFactor) return jsonResponse(ok({ enabled: false, recoveryCodesLeft: 0 }).body);
    const handler = name ? handlers[name] : undefined;
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    const reply = await handler({
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init?.headers),
      url,
    });
    return jsonResponse(reply.body, reply.status);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders inside the app's providers, EN, with the given system status. */
export async function renderWithApp(ui: ReactNode, status: SystemStatus = systemStatusFixture()) {
  await activateLanguage('en');
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemStatusQuery().queryKey, status);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/index'] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

/** A whitelabel tree with the given switches on (and their ancestors). */
export function withFeatures(...modIds: string[]): SystemStatus {
  const base = systemStatusFixture();
  return {
    ...base,
    info: {
      ...base.info,
      whitelabel: {
        modId: 'ROOT',
        enabled: true,
        childrenNodes: modIds.map((modId) => ({ modId, enabled: true, childrenNodes: [] })),
      },
    },
  };
}

/** A register rule (spec §5) for a fixture. */
export const rule = (patternId: number, minLength: number, maxLength: number, shown = true, required = true) => ({
  shown,
  required,
  acceptedPattern: '*',
  patternId,
  minLength,
  maxLength,
});

/** The message shown under the field labelled `label` (wired by aria-describedby), or null. */
export function errorOf(label: string) {
  const input = screen.getByLabelText(label, { exact: true });
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}

/** A login answer for a fixture: player01 (id 7), no first login, no forced change. */
export const loginResult = (overrides: Partial<LoginResult> = {}): LoginResult => ({
  token: 'token-1',
  id: 7,
  userName: 'player01',
  nickname: null,
  customerType: 0,
  firstTimeLogin: false,
  passwordExpired: false,
  passwordChangeRequired: false,
  passwordChangeGrant: null,
  lastLoginIp: null,
  ...overrides,
});

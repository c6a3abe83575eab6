import type { LoginResult } from '@tessera/contract/api/accounts';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import { FEATURES } from '@tessera/contract/features';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { fail, type Handler, ok, renderWithApp, stubAccountCalls, withFeatures } from '../../../test/accounts-kit';
import { jsonResponse } from '../../../test/system-status-fixture';
import { login } from '../api/session-calls';
import { LoginPopup } from '../components/login-popup';
import { solveInWorkers } from './solve';

// Workers do not exist in happy-dom: the proof of work itself is covered by the server tests and e2e.
// Login bodies travel sealed: the test reads them where the popup hands them to the (real) sealed call.
vi.mock('../api/session-calls', async (original) => {
  const actual = await original<typeof import('../api/session-calls')>();
  return { ...actual, login: vi.fn(actual.login) };
});
vi.mock('./solve', () => ({
  solveInWorkers: vi.fn(async (challenge: BotCheckChallenge) => `solved:${challenge.signature}`),
}));

const loginResult: LoginResult = {
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
};

let challenges = 0;
const challenge = (): BotCheckChallenge => ({
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n', salt: 's', cost: 500, keyLength: 32, keyPrefix: 'ab' },
  signature: `sig${++challenges}`,
});

/** The account calls of the kit plus this folder's own (bot check, login verification). */
function stubCalls(account: Parameters<typeof stubAccountCalls>[0], own: Record<string, Handler> = {}) {
  stubAccountCalls(account);
  const accountFetch = globalThis.fetch;
  const seen: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/wps/verification/bot-check') return jsonResponse(ok(challenge()).body);
    const handler = own[url.pathname];
    if (!handler) return accountFetch(input, init);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    seen.push({ path: url.pathname, body });
    const reply = await handler({ body, headers: new Headers(init?.headers), url });
    return jsonResponse(reply.body, reply.status);
  });
  return seen;
}

async function logIn(password = 'secret99') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'player01');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('bot check in the login popup (BOTCHECK3)', () => {
  beforeEach(() => {
    vi.mocked(solveInWorkers).mockClear();
    vi.mocked(login).mockClear();
    useSession.setState({ token: null });
  });

  it('solves while the player types, shows it, and sends the result with the login', async () => {
    stubCalls({ login: () => ok(loginResult) });
    const onClose = vi.fn();
    await renderWithApp(<LoginPopup onClose={onClose} />, withFeatures(FEATURES.botCheck));
    expect(await screen.findByText('Verified: you are not a robot')).toBeTruthy();
    // Solved is a finished state, not a loading one: no status region is left behind.
    expect(screen.queryByRole('status')).toBeNull();
    await logIn();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(vi.mocked(login).mock.calls).toEqual([
      [expect.objectContaining({ botCheck: expect.stringMatching(/^solved:sig\d+$/) })],
    ]);
  });

  it('starts over with a new challenge after a failed login', async () => {
    let attempts = 0;
    stubCalls({ login: () => (++attempts === 1 ? fail('login.invalid') : ok(loginResult)) });
    await renderWithApp(<LoginPopup onClose={() => {}} />, withFeatures(FEATURES.botCheck));
    const user = await logIn('wrong');
    expect(await screen.findByText('Incorrect username or password.')).toBeTruthy();
    await waitFor(() => expect(solveInWorkers).toHaveBeenCalledTimes(2));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(attempts).toBe(2));
    const [first, second] = vi.mocked(login).mock.calls.map(([body]) => body.botCheck);
    expect(second).toMatch(/^solved:sig\d+$/);
    expect(second).not.toEqual(first);
  });

  it('asks nothing when the merchant has it off', async () => {
    stubCalls({ login: () => ok(loginResult) });
    await renderWithApp(<LoginPopup onClose={() => {}} />);
    await logIn();
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(vi.mocked(login).mock.calls[0]?.[0].botCheck).toBeUndefined();
    expect(screen.queryByText('Verified: you are not a robot')).toBeNull();
    expect(solveInWorkers).not.toHaveBeenCalled();
  });
});

describe('new-address verification step in the login popup', () => {
  it('offers the methods, sends the code, and completes the login with it', async () => {
    const seen = stubCalls(
      {
        login: () =>
          ok({
            verificationRequired: true,
            ticket: 'ticket-1',
            expiresAt: Date.now() + 600_000,
            methods: [
              { method: 'mobile', target: '+880 0171234****' },
              { method: 'email', target: 'p***@example.com' },
            ],
          }),
      },
      {
        '/wps/session/login/verification/code': () => ok({ expiredMinutes: 5 }),
        '/wps/session/login/verification': ({ body }) =>
          (body as { code: string }).code === '123456' ? ok(loginResult) : fail('sms.code.invalid'),
      },
    );
    const onClose = vi.fn();
    await renderWithApp(<LoginPopup onClose={onClose} />);
    const user = await logIn();
    await user.click(await screen.findByRole('radio', { name: 'Email to p***@example.com' }));
    expect((screen.getByRole('radio', { name: 'SMS to +880 0171234****' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('The verification code is incorrect.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useSession.getState().token).toBe('token-1');
    expect(seen[0]).toEqual({ path: '/wps/session/login/verification/code', body: { ticket: 'ticket-1', method: 'email' } });
  });
});

import type { LoginVerificationRequired } from '@tessera/contract/api/login-challenge';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { jsonResponse } from '../../../test/system-status-fixture';
import { LoginVerificationStep } from './login-verification-step';

const HELD: LoginVerificationRequired = {
  verificationRequired: true,
  ticket: 't'.repeat(43),
  expiresAt: Date.now() + 600_000,
  methods: [
    { method: 'mobile', target: '+880 017123****' },
    { method: 'bankName', target: 'Sonali Bank · •••• 3210' },
  ],
};

const sent: { path: string; body: unknown }[] = [];
beforeEach(async () => {
  sent.length = 0;
  await activateLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ path: new URL(String(input), 'http://localhost').pathname, body: JSON.parse(String(init?.body)) });
      return jsonResponse(
        {
          success: false,
          code: 'login.verification.answer.invalid',
          message: 'errors.login_verification_answer_invalid',
          value: null,
        },
        400,
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('asks the holder name of the bound bank account without a send button and says when it does not match', async () => {
  render(<LoginVerificationStep held={HELD} onDone={() => {}} onRestart={() => {}} />);
  expect(screen.getByLabelText('Verification code')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();

  await userEvent.click(screen.getByRole('radio', { name: 'Account holder name of Sonali Bank · •••• 3210' }));
  const answer = screen.getByLabelText('Account holder name');
  expect(answer.getAttribute('inputmode')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();

  await userEvent.type(answer, 'md rahim');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
  expect(await screen.findByText('The account holder name does not match.')).toBeTruthy();
  expect(sent).toEqual([
    { path: '/wps/session/login/verification', body: { ticket: HELD.ticket, code: 'md rahim', method: 'bankName' } },
  ]);
});

it('asks a two-factor login for the authenticator code alone: no choice of method, nothing to send', async () => {
  const held: LoginVerificationRequired = { ...HELD, methods: [{ method: 'googleCode', target: '' }] };
  render(<LoginVerificationStep held={held} onDone={() => {}} onRestart={() => {}} />);
  expect(screen.getByText(/Enter the 6-digit code your authenticator app shows now/)).toBeTruthy();
  expect(screen.queryByRole('radio')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  await userEvent.type(screen.getByLabelText('Authenticator code'), 'abcde-fghjk');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
  await screen.findByRole('alert');
  expect(sent).toEqual([
    { path: '/wps/session/login/verification', body: { ticket: HELD.ticket, code: 'abcde-fghjk', method: 'googleCode' } },
  ]);
});

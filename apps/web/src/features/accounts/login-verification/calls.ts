import type { LoginResult } from '@tessera/contract/api/accounts';
import type { LoginAnswer, LoginVerificationMethod, LoginVerificationRequired } from '@tessera/contract/api/login-challenge';
import { apiRequest, type CallTarget } from '../../../lib/api-client';

/** The calls of packages/contract/src/api/login-verification.ts by method and path (calls.test.ts checks them). */
export const LOGIN_VERIFICATION_CALLS = {
  sendCode: { method: 'POST', path: '/wps/session/login/verification/code' },
  complete: { method: 'POST', path: '/wps/session/login/verification' },
} as const satisfies Record<string, CallTarget>;

export const sendLoginVerificationCode = (ticket: string, method: LoginVerificationMethod) =>
  apiRequest<{ expiredMinutes: number }>(LOGIN_VERIFICATION_CALLS.sendCode, { body: { ticket, method } });

/** `code` is the code sent or, for a method that sends nothing (bankName), the member's answer. */
export const completeLoginVerification = (ticket: string, code: string, method: LoginVerificationMethod) =>
  apiRequest<LoginResult>(LOGIN_VERIFICATION_CALLS.complete, { body: { ticket, code, method } });

/** A login from a new address answers with a ticket instead of a session (spec §4). */
export const isVerificationRequired = (answer: LoginAnswer): answer is LoginVerificationRequired =>
  'verificationRequired' in answer;

import { completeLoginVerification, sendLoginVerificationCode } from '@tessera/contract/api/login-verification';
import { expect, it } from 'vitest';
import { LOGIN_VERIFICATION_CALLS } from './calls';

it('uses the methods and paths of the contract', () => {
  expect(LOGIN_VERIFICATION_CALLS).toEqual({
    sendCode: { method: sendLoginVerificationCode.method, path: sendLoginVerificationCode.path },
    complete: { method: completeLoginVerification.method, path: completeLoginVerification.path },
  });
});

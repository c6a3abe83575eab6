import type { LoginAnswer } from '@tessera/contract/api/accounts';
import type { LoginVerificationMethod, LoginVerificationRequired } from '@tessera/contract/api/login-challenge';
import * as loginVerificationRoutes from '@tessera/contract/routes/login-verification';
import { apiRequest } from '../../../lib/api-client';

export const sendLoginVerificationCode = (ticket: string, method: LoginVerificationMethod) =>
  apiRequest(loginVerificationRoutes.sendLoginVerificationCode, { body: { ticket, method } });

/** `code` is the code sent or, for a method that sends nothing (bankName), the member's answer. */
export const completeLoginVerification = (ticket: string, code: string, method: LoginVerificationMethod) =>
  apiRequest(loginVerificationRoutes.completeLoginVerification, { body: { ticket, code, method } });

/** A login from a new address answers with a ticket instead of a session (spec §4). */
export const isVerificationRequired = (answer: LoginAnswer): answer is LoginVerificationRequired =>
  'verificationRequired' in answer;

import { Type } from 'typebox';
import * as routes from '../routes/login-verification.js';
import { LoginResult } from './accounts.js';
import { defineCall } from './call.js';
import { LoginVerificationMethodSchema } from './login-challenge.js';

/*
 * New-address login verification (spec §4; issue 4 item 5): after `POST /wps/session/login` answers
 * `verificationRequired`, the client asks for a code by one of the offered methods and completes the login
 * with it. Both calls are token-free: the ticket identifies the half-finished login.
 */

const Ticket = Type.String({ minLength: 1, maxLength: 128 });

export const sendLoginVerificationCode = defineCall(routes.sendLoginVerificationCode, {
  tags: ['accounts'],
  summary: 'Sends a login verification code to the bound mobile or email (one per ticket per countdown)',
  body: Type.Object({ ticket: Ticket, method: LoginVerificationMethodSchema }, { additionalProperties: false }),
  value: Type.Object({
    expiredMinutes: Type.Integer({ description: 'The code lives this long; the send button counts down as long' }),
  }),
});

export const completeLoginVerification = defineCall(routes.completeLoginVerification, {
  tags: ['accounts'],
  summary:
    'Completes a login from a new address with the code or answer; the address becomes known (5 wrong answers end the ticket)',
  body: Type.Object(
    {
      ticket: Ticket,
      code: Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'The code sent, or for bankName the account holder name (case and spacing do not matter)',
      }),
      // Without it, the code last sent is checked (clients from before bankName).
      method: Type.Optional(LoginVerificationMethodSchema),
    },
    { additionalProperties: false },
  ),
  value: LoginResult,
});

export const loginVerificationCalls = [sendLoginVerificationCode, completeLoginVerification];

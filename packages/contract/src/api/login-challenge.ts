import { type Static, Type } from 'typebox';

/*
 * The login answer that asks for extra verification (spec §4 "new-IP login triggers extra verification"). Kept
 * apart from login-verification.ts, whose calls answer a session (accounts.ts), so that accounts.ts can name it.
 */

/**
 * Ways to prove a new address belongs to the member; adding one is one literal here and one entry on the server.
 * `mobile` and `email` send a code; `bankName` sends nothing and asks for the holder name of a bound bank account;
 * `googleCode` is the only method offered to a member with two-factor on, at every login: the authenticator app's
 * code or a recovery code, nothing sent.
 */
export const LoginVerificationMethodSchema = Type.Union([
  Type.Literal('mobile'),
  Type.Literal('email'),
  Type.Literal('bankName'),
  Type.Literal('googleCode'),
]);
export type LoginVerificationMethod = Static<typeof LoginVerificationMethodSchema>;

export const LoginVerificationRequired = Type.Object({
  verificationRequired: Type.Literal(true),
  ticket: Type.String({ description: 'Single-use, 10-minute ticket that stands in for the password in the next steps' }),
  expiresAt: Type.Integer({ description: 'Epoch ms' }),
  methods: Type.Array(
    Type.Object({
      method: LoginVerificationMethodSchema,
      target: Type.String({
        description:
          'Where the code goes, masked (mobile 0133671****, email a***@example.com); for bankName the bank account asked about (Sonali Bank · •••• 3210)',
      }),
    }),
  ),
});
export type LoginVerificationRequired = Static<typeof LoginVerificationRequired>;

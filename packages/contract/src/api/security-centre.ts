import { type Static, Type } from 'typebox';
import { PAYOUT_ACCOUNT_LIMITS } from '../payout-account-limits.js';
import * as routes from '../routes/security-centre.js';
import { defineCall } from './call.js';
import { RowId } from './row-id.js';
import { GoogleCode } from './two-factor.js';

/*
 * Security centre (spec §2.4 securityCenter, §6 "security centre"): account summary, payment password and the
 * bank / e-wallet accounts a member withdraws to. Account numbers leave the server masked only.
 */

// Defined schema-free for the browser; the server takes them with the rest of the area from here.
export { PAYOUT_ACCOUNT_LIMITS };
export const PAYOUT_ACCOUNT_TYPES = ['bank', 'ewallet'] as const;
export type PayoutAccountType = (typeof PAYOUT_ACCOUNT_TYPES)[number];

/** Letters of any script, spaces and . ' - (a holder's name as the bank writes it). */
export const HOLDER_NAME_PATTERN = "^[\\p{L}\\p{M}][\\p{L}\\p{M} .'\\-]{1,59}$";
/** Digits only after the client strips spaces and dashes: bank accounts 6–30, e-wallet numbers 6–20. */
export const ACCOUNT_NUMBER_LENGTHS = { bank: { min: 6, max: 30 }, ewallet: { min: 6, max: 20 } } as const;

export const PayoutAccountTypeSchema = Type.Union([Type.Literal('bank'), Type.Literal('ewallet')]);

export const PayoutAccount = Type.Object({
  id: Type.String({ description: 'Decimal id' }),
  type: PayoutAccountTypeSchema,
  provider: Type.String({ description: 'Bank or e-wallet provider name' }),
  holderName: Type.String(),
  accountNumberMasked: Type.String({ description: 'Only the last four digits shown, e.g. "•••• 4321"' }),
  createdAt: Type.Integer({ description: 'Epoch ms' }),
});
export type PayoutAccount = Static<typeof PayoutAccount>;

export const SecurityOverview = Type.Object({
  account: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  mobileMasked: Type.Union([Type.String(), Type.Null()]),
  emailMasked: Type.Union([Type.String(), Type.Null()]),
  mobileVerified: Type.Boolean({ description: 'A code sent to the mobile came back: a password reset by SMS reaches it' }),
  emailVerified: Type.Boolean({ description: 'A code sent to the e-mail came back: a password reset by e-mail reaches it' }),
  registeredAt: Type.Integer({ description: 'Epoch ms' }),
  lastLoginAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Epoch ms' }),
  lastLoginIp: Type.Union([Type.String(), Type.Null()]),
  paymentPasswordSet: Type.Boolean(),
  twoFactorEnabled: Type.Boolean({ description: 'Security changes (payment password, payout accounts) must carry googleCode' }),
  payoutAccounts: Type.Array(PayoutAccount),
  limits: Type.Object({ bank: Type.Integer(), ewallet: Type.Integer() }),
});
export type SecurityOverview = Static<typeof SecurityOverview>;

export const getSecurityOverview = defineCall(routes.getSecurityOverview, {
  tags: ['security-centre'],
  summary: 'Account summary, whether a payment password is set, and the bound payout accounts (masked)',
  value: SecurityOverview,
});

export const PaymentPasswordBody = Type.Object(
  {
    loginPassword: Type.Optional(
      Type.String({ maxLength: 128, description: 'Required to set the first payment password: a stolen session alone cannot' }),
    ),
    oldPassword: Type.Optional(
      Type.String({ maxLength: 64, description: 'The current payment password; required to change it' }),
    ),
    newPassword: Type.String({ minLength: 1, maxLength: 64, description: "Checked against the merchant's paymentPassword rule" }),
    confirmPassword: Type.String({ minLength: 1, maxLength: 64 }),
    googleCode: Type.Optional(GoogleCode),
  },
  { additionalProperties: false },
);
export type PaymentPasswordBody = Static<typeof PaymentPasswordBody>;

export const setPaymentPassword = defineCall(routes.setPaymentPassword, {
  tags: ['security-centre'],
  summary: 'Set the payment password (with the login password) or change it (with the current one); encrypted entry',
  body: PaymentPasswordBody,
  value: Type.Null(),
});

export const BindPayoutAccountBody = Type.Object(
  {
    type: PayoutAccountTypeSchema,
    provider: Type.String({ minLength: 2, maxLength: 60 }),
    holderName: Type.String({ minLength: 2, maxLength: 60, pattern: HOLDER_NAME_PATTERN }),
    accountNumber: Type.String({ minLength: 6, maxLength: 30, pattern: '^[0-9]+$' }),
    googleCode: Type.Optional(GoogleCode),
  },
  { additionalProperties: false },
);
export type BindPayoutAccountBody = Static<typeof BindPayoutAccountBody>;

export const bindPayoutAccount = defineCall(routes.bindPayoutAccount, {
  tags: ['security-centre'],
  summary: `Bind a bank (6-30 digits) or e-wallet (6-20 digits) account; at most ${PAYOUT_ACCOUNT_LIMITS.bank} of each type`,
  body: BindPayoutAccountBody,
  value: PayoutAccount,
});

export const unbindPayoutAccount = defineCall(routes.unbindPayoutAccount, {
  tags: ['security-centre'],
  summary: 'Unbind a payout account; refused while a withdrawal to it is open',
  querystring: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

export const securityCentreCalls = [getSecurityOverview, setPaymentPassword, bindPayoutAccount, unbindPayoutAccount];

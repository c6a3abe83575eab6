import { type Static, Type } from 'typebox';
import * as routes from '../routes/two-factor.js';
import { defineCall } from './call.js';

/*
 * A player's two-factor login (the "Google code" of spec §4): an authenticator app's six-digit code, asked after the
 * password at every login and before withdrawals and security changes, with ten single-use recovery codes.
 */

/**
 * The second factor a guarded call carries once the member enrolled: a current six-digit code or a recovery code
 * (`xxxxx-xxxxx`). Missing → twofactor.required; wrong → twofactor.invalid.
 */
export const GoogleCode = Type.String({
  maxLength: 16,
  description: "The authenticator app's current code, or an unused recovery code; required once two-factor is on",
});

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const getTwoFactor = defineCall(routes.getTwoFactor, {
  tags: ['security-centre'],
  summary: 'Whether two-factor login is on, and how many recovery codes are unused',
  value: TwoFactorStatus,
});

export const TwoFactorEnrolment = Type.Object({
  secret: Type.String({ description: 'Base32 secret, for typing into an app that cannot scan' }),
  uri: Type.String({ description: 'otpauth:// address the QR code carries' }),
});
export type TwoFactorEnrolment = Static<typeof TwoFactorEnrolment>;

export const startTwoFactorEnrolment = defineCall(routes.startTwoFactorEnrolment, {
  tags: ['security-centre'],
  summary: 'Starts enrolment: a new secret to scan, kept until a code from it confirms (twofactor.already.enabled when on)',
  value: TwoFactorEnrolment,
});

export const confirmTwoFactorEnrolment = defineCall(routes.confirmTwoFactorEnrolment, {
  tags: ['security-centre'],
  summary: 'Turns two-factor on with a first code from the app; answers the ten recovery codes, shown this once',
  body: Type.Object({ code: Type.String({ maxLength: 16 }) }, { additionalProperties: false }),
  value: Type.Object({ recoveryCodes: Type.Array(Type.String()) }),
});

export const disableTwoFactor = defineCall(routes.disableTwoFactor, {
  tags: ['security-centre'],
  summary: 'Turns two-factor off with a current code or a recovery code',
  body: Type.Object({ googleCode: GoogleCode }, { additionalProperties: false }),
  value: Type.Null(),
});

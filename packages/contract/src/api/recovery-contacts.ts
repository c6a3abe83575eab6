import { type Static, Type } from 'typebox';
import * as routes from '../routes/recovery-contacts.js';
import { SmsCodeSent } from './accounts.js';
import { defineCall } from './call.js';
import { GoogleCode } from './two-factor.js';

/*
 * A way back into an account (members centre `securityCenter`): an e-mail and a mobile the member proves with a
 * one-time code, and the SMS code of a password reset, which only a proven mobile receives.
 */

export const CONTACT_CHANNELS = ['email', 'mobile'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
const ContactChannelSchema = Type.Union([Type.Literal('email'), Type.Literal('mobile')]);
const DialCode = Type.String({ pattern: '^\\+?[0-9]{1,4}$', description: 'Country dialing code, e.g. 880 or +880' });

export const SendContactCodeBody = Type.Object(
  {
    channel: ContactChannelSchema,
    email: Type.Optional(Type.String({ maxLength: 200, description: "With channel 'email'" })),
    mobileNum: Type.Optional(Type.String({ maxLength: 20, description: "With channel 'mobile': the national number" })),
    countryDialingCode: Type.Optional(DialCode),
    password: Type.Optional(
      Type.String({ maxLength: 200, description: 'The login password; needed to replace an address already proven' }),
    ),
    googleCode: Type.Optional(GoogleCode),
  },
  { additionalProperties: false },
);
export type SendContactCodeBody = Static<typeof SendContactCodeBody>;

export const sendContactCode = defineCall(routes.sendContactCode, {
  tags: ['security-centre'],
  summary:
    'Sends a code to the e-mail or mobile the member wants to bind; refused when another account has proven the address (contact.email.taken / contact.mobile.taken). Replacing a proven address takes the login password (password.old.invalid); with two-factor on, any binding takes googleCode; once the new one is verified, the old one is told. Encrypted body.',
  body: SendContactCodeBody,
  value: SmsCodeSent,
});

export const VerifyContactBody = Type.Object(
  { channel: ContactChannelSchema, code: Type.String({ minLength: 1, maxLength: 10 }) },
  { additionalProperties: false },
);
export type VerifyContactBody = Static<typeof VerifyContactBody>;

export const verifyContact = defineCall(routes.verifyContact, {
  tags: ['security-centre'],
  summary: 'Binds the address of the newest code of the channel as proven; single use, 5 guesses, 5 minutes',
  body: VerifyContactBody,
  value: Type.Null(),
});

export const sendPasswordResetSms = defineCall(routes.sendPasswordResetSms, {
  tags: ['accounts'],
  summary:
    'Sends a password-reset code by SMS when an account has proven this number; the same answer, in the same time, when none has',
  body: Type.Object({ mobileNum: Type.String({ maxLength: 20 }), countryDialingCode: DialCode }, { additionalProperties: false }),
  value: SmsCodeSent,
});

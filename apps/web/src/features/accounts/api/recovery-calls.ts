import type { ContactChannel, SendContactCodeBody } from '@tessera/contract/api/recovery-contacts';
import * as recoveryRoutes from '@tessera/contract/routes/recovery-contacts';
import { apiRequest } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/**
 * `POST /wps/member/contact/code`: a code to the e-mail or mobile being bound; the answer says how long it lives.
 * Sealed, since replacing a proven address carries the login password.
 */
export const sendContactCode = (body: SendContactCodeBody) => sealedCall(recoveryRoutes.sendContactCode, body);

/** `POST /wps/member/contact/verify`: the code back; the address is then the account's, proven. */
export const verifyContact = (channel: ContactChannel, code: string) =>
  apiRequest(recoveryRoutes.verifyContact, { body: { channel, code } });

/** `POST /wps/verification/sms/password`: a reset code, sent only when an account has proven the number. */
export const sendPasswordResetSms = (mobileNum: string, countryDialingCode: string) =>
  apiRequest(recoveryRoutes.sendPasswordResetSms, { body: { mobileNum, countryDialingCode } });

import * as accountsRoutes from '@tessera/contract/routes/accounts';
import { apiRequest } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/**
 * `POST /wps/member/password` (encrypted): the old password, or the grant of a forced-change login; with two-factor
 * on, the old-password way carries the authenticator's code.
 */
export const changePassword = (body: {
  oldPassword?: string;
  grant?: string;
  newPassword: string;
  confirmNewPassword: string;
  googleCode?: string;
}) => sealedCall(accountsRoutes.changePassword, body);

/** `POST /wps/member/password/email`: answers 'in_been_out' whether or not the pair exists (captcha-gated). */
export const forgotPasswordByEmail = (body: { username: string; email: string; captchaId: string; captcha: string }) =>
  apiRequest(accountsRoutes.forgotPasswordByEmail, { body });

/** `POST /wps/member/password/verification` (encrypted, CHNGPASSVERIF3): a new password with an SMS code, then logged in. */
export const setPasswordByPhone = (body: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}) => sealedCall(accountsRoutes.setPasswordByPhone, body);

/** `POST /wps/member/password/reset` (encrypted): the single-use token of the mailed link. */
export const resetPassword = (body: { token: string; newPassword: string; confirmNewPassword: string }) =>
  sealedCall(accountsRoutes.resetPassword, body);

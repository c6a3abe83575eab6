import type { Captcha, LoginBody, LoginResult } from '@tessera/contract/api/accounts';
import { apiRequest } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';
import { ACCOUNT_CALLS } from './calls';

/** `POST /wps/session/login`, an encrypted entry (spec §6). */
export const login = (body: LoginBody) => sealedCall<LoginResult>(ACCOUNT_CALLS.login, body);

/** Spec §7.1 free-play fields: os and platform W (the RSA-encrypted random string of the original is not needed). */
export const loginFreePlay = () =>
  apiRequest<LoginResult>(ACCOUNT_CALLS.loginFreePlay, {
    body: { os: navigator.platform.slice(0, 40) || 'web', platform: 'W' },
    headers: { 'gateway-version': '3' },
  });

/** `DELETE /wps/session/logout`, no payload. */
export const logout = () => apiRequest<null>(ACCOUNT_CALLS.logout);

/** A fresh image captcha (single use; the server allows one per second per address). */
export const getCaptcha = () => apiRequest<Captcha>(ACCOUNT_CALLS.captcha);

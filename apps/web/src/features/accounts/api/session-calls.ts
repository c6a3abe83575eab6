import type { LoginBody } from '@tessera/contract/api/accounts';
import * as accountsRoutes from '@tessera/contract/routes/accounts';
import { apiRequest } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/** `POST /wps/session/login`, an encrypted entry (spec §6). */
export const login = (body: LoginBody) => sealedCall(accountsRoutes.login, body);

/** Spec §7.1 free-play fields: os and platform W (the RSA-encrypted random string of the original is not needed). */
export const loginFreePlay = () =>
  apiRequest(accountsRoutes.loginFreePlay, {
    body: { os: navigator.platform.slice(0, 40) || 'web', platform: 'W' },
    headers: { 'gateway-version': '3' },
  });

/** `DELETE /wps/session/logout`, no payload. */
export const logout = () => apiRequest(accountsRoutes.logout);

/** A fresh image captcha (single use; the server allows one per second per address). */
export const getCaptcha = () => apiRequest(accountsRoutes.getCaptcha);

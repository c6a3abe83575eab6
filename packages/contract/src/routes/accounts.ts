import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/accounts.ts, as plain data the browser imports without the schema
 * library (`import * as accountsRoutes from '@tessera/contract/routes/accounts'`; unused routes drop out of the bundle).
 */

export const getRsaKey = {
  id: 'session.rsa-key',
  method: 'GET',
  path: '/wps/session/key/rsa',
  auth: 'none',
} as const satisfies CallRoute;

export const login = {
  id: 'session.login',
  method: 'POST',
  path: '/wps/session/login',
  auth: 'none',
  encrypted: true,
} as const satisfies CallRoute;

export const loginFreePlay = {
  id: 'session.login-freeplay',
  method: 'POST',
  path: '/wps/session/login/freeplay',
  auth: 'none',
} as const satisfies CallRoute;

export const logout = {
  id: 'session.logout',
  method: 'DELETE',
  path: '/wps/session/logout',
  auth: 'token',
} as const satisfies CallRoute;

export const getCaptcha = { id: 'captcha.get', method: 'GET', path: '/wps/captcha', auth: 'none' } as const satisfies CallRoute;

export const register = {
  id: 'member.register',
  method: 'PUT',
  path: '/wps/member/register',
  auth: 'none',
  encrypted: true,
} as const satisfies CallRoute;

export const registerMobile = {
  id: 'member.register-mobile',
  method: 'PUT',
  path: '/wps/member/register/mobile',
  auth: 'none',
  encrypted: true,
} as const satisfies CallRoute;

export const sendRegisterSms = {
  id: 'sms.register',
  method: 'POST',
  path: '/wps/verification/sms/register',
  auth: 'none',
} as const satisfies CallRoute;

export const sendLoginSms = {
  id: 'sms.login',
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  auth: 'none',
} as const satisfies CallRoute;

export const setPasswordByPhone = {
  id: 'member.password-verification',
  method: 'POST',
  path: '/wps/member/password/verification',
  auth: 'none',
  encrypted: true,
} as const satisfies CallRoute;

export const getAffiliate = {
  id: 'agent.affiliate',
  method: 'GET',
  path: '/wps/agent/affiliate',
  auth: 'none',
} as const satisfies CallRoute;

export const getMemberInfo = {
  id: 'member.info',
  method: 'GET',
  path: '/wps/member/info',
  auth: 'token',
} as const satisfies CallRoute;

export const getPlayerAvatar = {
  id: 'member.avatar',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
  auth: 'token',
} as const satisfies CallRoute;

export const getMemberIcon = {
  id: 'member.icon',
  method: 'GET',
  path: '/wps/member/info/icon',
  auth: 'token',
} as const satisfies CallRoute;

export const changePassword = {
  id: 'member.password',
  method: 'POST',
  path: '/wps/member/password',
  auth: 'token',
  encrypted: true,
} as const satisfies CallRoute;

export const forgotPasswordByEmail = {
  id: 'member.password-email',
  method: 'POST',
  path: '/wps/member/password/email',
  auth: 'none',
} as const satisfies CallRoute;

export const resetPassword = {
  id: 'member.password-reset',
  method: 'POST',
  path: '/wps/member/password/reset',
  auth: 'none',
  encrypted: true,
} as const satisfies CallRoute;

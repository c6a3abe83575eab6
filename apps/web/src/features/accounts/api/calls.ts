import type { CallTarget } from '../../../lib/api-client';

/**
 * The account calls of packages/contract/src/api/accounts.ts (with member-profile.ts and the register settings of
 * api/system.ts), by
 * method and path only: importing the call definitions would pull the TypeBox runtime into the browser.
 * calls.test.ts fails when one of these differs from the contract.
 */
export const ACCOUNT_CALLS = {
  login: { method: 'POST', path: '/wps/session/login' },
  loginFreePlay: { method: 'POST', path: '/wps/session/login/freeplay' },
  logout: { method: 'DELETE', path: '/wps/session/logout' },
  captcha: { method: 'GET', path: '/wps/captcha' },
  register: { method: 'PUT', path: '/wps/member/register' },
  registerMobile: { method: 'PUT', path: '/wps/member/register/mobile' },
  sendRegisterSms: { method: 'POST', path: '/wps/verification/sms/register' },
  sendLoginSms: { method: 'POST', path: '/wps/verification/sms/noLogin' },
  setPasswordByPhone: { method: 'POST', path: '/wps/member/password/verification' },
  affiliate: { method: 'GET', path: '/wps/agent/affiliate' },
  memberInfo: { method: 'GET', path: '/wps/member/info' },
  changePassword: { method: 'POST', path: '/wps/member/password' },
  forgotPasswordByEmail: { method: 'POST', path: '/wps/member/password/email' },
  resetPassword: { method: 'POST', path: '/wps/member/password/reset' },
  registerSettings: { method: 'GET', path: '/wps/system/setting/register' },
  setNickname: { method: 'POST', path: '/wps/member/nickname' },
  setLanguage: { method: 'POST', path: '/wps/member/language' },
} as const satisfies Record<string, CallTarget>;

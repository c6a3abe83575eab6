import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/accounts.ts, as plain data the browser imports without the schema library. */
export const accountsRoutes = {
  getRsaKey: { id: 'session.rsa-key', method: 'GET', path: '/wps/session/key/rsa', auth: 'none' },
  login: { id: 'session.login', method: 'POST', path: '/wps/session/login', auth: 'none', encrypted: true },
  loginFreePlay: { id: 'session.login-freeplay', method: 'POST', path: '/wps/session/login/freeplay', auth: 'none' },
  logout: { id: 'session.logout', method: 'DELETE', path: '/wps/session/logout', auth: 'token' },
  getCaptcha: { id: 'captcha.get', method: 'GET', path: '/wps/captcha', auth: 'none' },
  register: { id: 'member.register', method: 'PUT', path: '/wps/member/register', auth: 'none', encrypted: true },
  registerMobile: {
    id: 'member.register-mobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    auth: 'none',
    encrypted: true,
  },
  sendRegisterSms: { id: 'sms.register', method: 'POST', path: '/wps/verification/sms/register', auth: 'none' },
  sendLoginSms: { id: 'sms.login', method: 'POST', path: '/wps/verification/sms/noLogin', auth: 'none' },
  setPasswordByPhone: {
    id: 'member.password-verification',
    method: 'POST',
    path: '/wps/member/password/verification',
    auth: 'none',
    encrypted: true,
  },
  getAffiliate: { id: 'agent.affiliate', method: 'GET', path: '/wps/agent/affiliate', auth: 'none' },
  getMemberInfo: { id: 'member.info', method: 'GET', path: '/wps/member/info', auth: 'token' },
  getPlayerAvatar: { id: 'member.avatar', method: 'GET', path: '/wps/relay/MCSFE_getPlayerAvatar', auth: 'token' },
  getMemberIcon: { id: 'member.icon', method: 'GET', path: '/wps/member/info/icon', auth: 'token' },
  changePassword: { id: 'member.password', method: 'POST', path: '/wps/member/password', auth: 'token', encrypted: true },
  forgotPasswordByEmail: { id: 'member.password-email', method: 'POST', path: '/wps/member/password/email', auth: 'none' },
  resetPassword: {
    id: 'member.password-reset',
    method: 'POST',
    path: '/wps/member/password/reset',
    auth: 'none',
    encrypted: true,
  },
} as const satisfies Record<string, CallRoute>;

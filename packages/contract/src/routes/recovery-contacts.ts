import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/recovery-contacts.ts, as plain data the browser imports without the
 * schema library.
 */

export const sendContactCode = {
  id: 'member.contact.code',
  method: 'POST',
  path: '/wps/member/contact/code',
  auth: 'token',
  encrypted: true,
} as const satisfies CallRoute;

export const verifyContact = {
  id: 'member.contact.verify',
  method: 'POST',
  path: '/wps/member/contact/verify',
  auth: 'token',
} as const satisfies CallRoute;

export const sendPasswordResetSms = {
  id: 'sms.password-reset',
  method: 'POST',
  path: '/wps/verification/sms/password',
  auth: 'none',
} as const satisfies CallRoute;

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

/**
 * Spec §4 / §9: binding an e-mail or mobile is the third-party verification whose send button counts down one
 * minute; the server takes one send per account and channel, and one per address, in that time.
 */
export const CONTACT_RESEND_SECONDS = 60;

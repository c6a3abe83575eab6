import type { LoginVerificationMethod } from '@tessera/contract/api/login-challenge';
import type { Mailer } from '../mailer/service.js';
import type { SmsProvider } from '../sms/service.js';

/** What a method needs to know of the member. */
export interface MemberContact {
  merchantCode: string;
  account: string;
  mobile: string | null;
  dialCode: string | null;
  email: string | null;
  /** False until the account's first successful login, which has nothing to compare with and is trusted. */
  hasLoggedIn: boolean;
}

export interface CodeMessage {
  brandName: string;
  code: string;
  expiredMinutes: number;
}

/** One way to prove a login: where it sends (masked for the client) and how. */
export interface VerificationMethod {
  /** Masked destination, or null when the member has nothing bound for this method. */
  target(member: MemberContact): string | null;
  send(member: MemberContact, message: CodeMessage): Promise<void>;
}

/** Spec example "0133671****": all but the last four characters hidden. */
const maskMobile = (mobile: string) => (mobile.length <= 4 ? '****' : `${mobile.slice(0, -4)}****`);
/** "a***@example.com": enough for the member to recognise the address, too little to harvest it. */
const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};

const text = (message: CodeMessage) =>
  `${message.brandName}: your login verification code is ${message.code}. It expires in ${message.expiredMinutes} minutes. If you did not try to log in, change your password.`;

/**
 * The methods of spec §4 we can offer. Adding one (bank account name, an authenticator) is one entry here and
 * its literal in packages/contract/src/api/login-challenge.ts.
 */
export function verificationMethods(sms: SmsProvider, mailer: Mailer): Record<LoginVerificationMethod, VerificationMethod> {
  return {
    mobile: {
      target: (member) => (member.mobile && member.dialCode ? `+${member.dialCode} ${maskMobile(member.mobile)}` : null),
      send: (member, message) =>
        sms.send({ merchantCode: member.merchantCode, to: `${member.dialCode}${member.mobile}`, text: text(message) }),
    },
    email: {
      target: (member) => (member.email ? maskEmail(member.email) : null),
      send: (member, message) =>
        mailer.send({
          merchantCode: member.merchantCode,
          to: member.email as string,
          subject: `${message.brandName}: login verification code`,
          text: `A login to the account ${member.account} came from a new address.\n${text(message)}`,
        }),
    },
  };
}

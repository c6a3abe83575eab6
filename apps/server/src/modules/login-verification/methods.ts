import { createHash, timingSafeEqual } from 'node:crypto';
import type { LoginVerificationMethod } from '@tessera/contract/api/login-challenge';
import { playerMessage } from '../../platform/player-messages.js';
import type { Mailer } from '../mailer/service.js';
import type { BoundBankAccount } from '../security-centre/bound-bank-accounts.js';
import { type PhoneNumber, smsRecipient, toE164 } from '../sms/mobile-number.js';
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

/** The member as the methods see it: contact details (accounts module) and bound bank accounts (security centre). */
export interface VerifiedMember extends MemberContact {
  bankAccounts: readonly BoundBankAccount[];
}

export interface CodeMessage {
  brandName: string;
  code: string;
  expiredMinutes: number;
  language: string;
}

/**
 * One way to prove a login. A code method sends a one-time code (masked destination as target); a knowledge
 * method sends nothing and checks what the member types against what only the member should know.
 */
export type VerificationMethod =
  | {
      kind: 'code';
      /** Masked destination, or null when the member has nothing bound for this method. */
      target(member: VerifiedMember): string | null;
      send(member: VerifiedMember, message: CodeMessage): Promise<void>;
    }
  | {
      kind: 'answer';
      /** What the question is about, masked; null when the member has nothing to be asked about. */
      target(member: VerifiedMember): string | null;
      matches(member: VerifiedMember, answer: string): boolean;
    }
  | {
      /** The member's authenticator (modules/two-factor): asked alone, by the ticket's own rule, never offered. */
      kind: 'authenticator';
      target(member: VerifiedMember): null;
    };

/** Spec example "0133671****": all but the last four characters hidden. */
const maskMobile = (mobile: string) => (mobile.length <= 4 ? '****' : `${mobile.slice(0, -4)}****`);
/** "a***@example.com": enough for the member to recognise the address, too little to harvest it. */
const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};

/** A typed name matches whatever its case, width forms and spacing: "  md  RAHIM " is "Md Rahim". */
const nameDigest = (name: string) =>
  createHash('sha256').update(name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase(), 'utf8').digest();
/** Every bound name is compared, in constant time each, so the answer's timing tells nothing of the names. */
const matchesAnyName = (names: readonly string[], answer: string) => {
  const given = nameDigest(answer);
  return names.reduce((found, name) => timingSafeEqual(nameDigest(name), given) || found, false);
};

/** A stored mobile an SMS can reach: one its country's numbering has (a number no valid form was found for has none). */
const recipientOf = (member: { dialCode: string | null; mobile: string | null }) =>
  member.mobile && member.dialCode ? toE164(member.dialCode, member.mobile) : null;

const text = (message: CodeMessage) =>
  playerMessage(message.language, 'login_code', {
    brand: message.brandName,
    code: message.code,
    minutes: message.expiredMinutes,
  });

/**
 * The methods of spec §4 we can offer, in the order the client lists them. Adding one (an authenticator) is one
 * entry here and its literal in packages/contract/src/api/login-challenge.ts.
 */
export function verificationMethods(sms: SmsProvider, mailer: Mailer): Record<LoginVerificationMethod, VerificationMethod> {
  return {
    mobile: {
      kind: 'code',
      target: (member) => {
        const phone = recipientOf(member);
        return phone ? `+${phone.dialCode} ${maskMobile(phone.mobile)}` : null;
      },
      send: (member, message) => {
        const phone = recipientOf(member) as PhoneNumber;
        return sms.send({ merchantCode: member.merchantCode, to: smsRecipient(phone), text: text(message) });
      },
    },
    email: {
      kind: 'code',
      target: (member) => (member.email ? maskEmail(member.email) : null),
      send: (member, message) =>
        mailer.send({
          merchantCode: member.merchantCode,
          to: member.email as string,
          subject: playerMessage(message.language, 'login_code_subject', { brand: message.brandName }),
          text: `${playerMessage(message.language, 'login_code_new_address', { account: member.account })}\n${text(message)}`,
        }),
    },
    // The holder name of a bound bank account; the target names the account, never the name.
    bankName: {
      kind: 'answer',
      target: ({ bankAccounts: [first] }) => (first ? `${first.provider} · ${first.accountNumberMasked}` : null),
      matches: (member, answer) =>
        matchesAnyName(
          member.bankAccounts.map((account) => account.holderName),
          answer,
        ),
    },
    googleCode: { kind: 'authenticator', target: () => null },
  };
}

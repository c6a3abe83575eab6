import { randomBytes } from 'node:crypto';
import { AGENT_CENTRE_TYPES } from '@tessera/contract/api/accounts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { hashPassword } from '../../platform/passwords.js';
import { toE164 } from '../sms/mobile-number.js';
import * as repo from './repo.js';

export interface NewMember {
  merchantCode: string;
  account: string;
  password: string | null;
  agentType?: number;
  parentId?: bigint | null;
  nickname?: string | null;
  mobile?: string | null;
  dialCode?: string | null;
  email?: string | null;
  /** The mobile came with its SMS code (sign-up with REGMOBVERF3) or from an operator, who vouches for it. */
  mobileVerified?: boolean;
  /** The e-mail came from an operator, who vouches for it (a player's proves itself in My account). */
  emailVerified?: boolean;
  profile?: Record<string, string>;
  registration?: Record<string, string>;
}

/** Creates a member (and an affiliate code for an agent); used by registration, free play, tests and seeds. */
export async function createMember(db: Kysely<Database>, input: NewMember): Promise<bigint> {
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  return db.transaction().execute((trx) => insertMemberWithCode(trx, input, passwordHash));
}

/** The stored form of a new member's mobile: E.164 parts, so lookups and SMS recipients find it however it was typed. */
function mobileOf(input: NewMember) {
  if (!input.mobile) return null;
  const phone = input.dialCode ? toE164(input.dialCode, input.mobile) : null;
  if (!phone) throw new AppError('sms.mobile.invalid');
  return phone;
}

export async function insertMemberWithCode(
  trx: Kysely<Database>,
  input: NewMember,
  passwordHash: string | null,
): Promise<bigint> {
  const agentType = input.agentType ?? 0;
  const phone = mobileOf(input);
  const id = await repo.insertMember(trx, {
    merchantCode: input.merchantCode,
    account: input.account,
    passwordHash,
    nickname: input.nickname ?? null,
    agentType,
    parentId: input.parentId ?? null,
    mobile: phone?.mobile ?? null,
    dialCode: phone?.dialCode ?? null,
    email: input.email ?? null,
    mobileVerified: Boolean(phone && input.mobileVerified),
    emailVerified: Boolean(input.email && input.emailVerified),
    profile: input.profile ?? {},
    registration: input.registration ?? {},
  });
  if (AGENT_CENTRE_TYPES.includes(agentType)) await repo.insertAffiliateCode(trx, input.merchantCode, newAffiliateCode(), id);
  return id;
}

export const newAffiliateCode = () => randomBytes(6).toString('hex').toUpperCase().slice(0, 8);

export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
const mentions = (error: unknown, name: string) => String((error as Error).message ?? '').includes(name);

/** The answer to a unique violation when a member is added: the mobile number, e-mail or account name is taken. */
export const takenError = (error: unknown) => {
  if (mentions(error, 'members_mobile')) return new AppError('register.mobile.taken');
  if (mentions(error, 'members_verified_email')) return new AppError('contact.email.taken');
  return new AppError('register.username.taken');
};

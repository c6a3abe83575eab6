import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { LoginVerificationMethod, LoginVerificationRequired } from '@tessera/contract/api/login-challenge';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import type { Mailer } from '../mailer/service.js';
import { boundBankAccounts } from '../security-centre/bound-bank-accounts.js';
import type { SmsProvider } from '../sms/service.js';
import { takeTurn } from '../throttle/service.js';
import { type MemberContact, type VerificationMethod, type VerifiedMember, verificationMethods } from './methods.js';
import * as repo from './repo.js';

/** A held login must be completed within this time. */
export const TICKET_TTL_MS = 10 * 60_000;
/** A code lives as long as an SMS code (spec §4 countdown); the send button waits it out per method. */
export const CODE_EXPIRED_MINUTES = 5;
/**
 * Wrong codes and answers a ticket survives, all methods together (a new code does not reset them, so asking for
 * codes cannot buy more guesses at a name); then the login starts over with the password (and the bot check).
 */
export const MAX_ATTEMPTS = 5;
/**
 * A knowledge answer (the bank holder name) can be guessed, and each correct password opens a new ticket: wrong
 * answers are also counted per member over every ticket of the last day, and past this many the method is no
 * longer offered (codes, which need the phone or the mailbox, still are).
 */
export const MAX_WRONG_ANSWERS_PER_DAY = 10;
const ANSWER_WINDOW_MS = 24 * 3600_000;
/** One code request per address per second, as for SMS codes (spec §9). */
const SEND_PER_IP_INTERVAL_MS = 1000;
const SWEEP_EVERY = 200;

export interface VerificationContext {
  merchantCode: string;
  ip: string;
  settings: Settings;
  /** The language of what is sent to the player. */
  language: string;
  /** Browser and system the request came from, for the member's sign-in history. */
  device?: string | null;
}

export interface HeldLogin {
  memberId: bigint;
  passwordExpired: boolean;
  mustChange: boolean;
}

/** The member's authenticator, when the server has players' two-factor (modules/two-factor). */
export interface SecondFactor {
  isEnabled(memberId: bigint): Promise<boolean>;
  verify(memberId: bigint, code: string): Promise<'off' | 'ok' | 'wrong' | 'locked'>;
}

/** How this module reads a member's contact details: through the accounts service, which owns them. */
export interface MemberDirectory {
  contact(memberId: bigint): Promise<MemberContact | null>;
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest();
const codeHash = (hash: Buffer, method: string, code: string) =>
  createHash('sha256').update(hash).update(`:${method}:${code}`, 'utf8').digest();

/**
 * Spec §4 "new-IP login triggers extra verification" (NEWIPVERIF3). Each member has a list of
 * addresses it has logged in from; a password login from any other address gets a ticket instead of a session
 * until a code sent to the bound mobile or email comes back. The very first login of an account (registration's
 * automatic one included) has nothing to compare with and is trusted; an SMS-code login proves the phone and
 * so counts as verified. After an operator forgets the addresses, every address is new.
 */
export class LoginVerificationService {
  private readonly methods: Record<LoginVerificationMethod, VerificationMethod>;
  private ticketsIssued = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: MemberDirectory,
    sms: SmsProvider,
    mailer: Mailer,
    private readonly secondFactor?: SecondFactor,
  ) {
    this.methods = verificationMethods(sms, mailer);
  }

  /** Records a login's address as the member's (called in the login transaction). */
  rememberAddress(trx: Kysely<Database>, memberId: bigint, ip: string) {
    return repo.rememberAddress(trx, memberId, ip);
  }

  /** Forgets every address the member logged in from: the next password login from any of them needs a code. */
  forgetAddresses(member: { id: bigint; merchantCode: string; account: string }, who: AuditActor): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const forgotten = await repo.forgetAddresses(trx, member.id);
      await appendAudit(trx, who, {
        merchantCode: member.merchantCode,
        action: 'player.forget-addresses',
        target: member.account,
        before: { knownAddresses: forgotten },
        after: { knownAddresses: 0 },
      });
      return forgotten;
    });
  }

  /** The member as the methods see it; null for an account that is gone. */
  private async member(memberId: bigint): Promise<VerifiedMember | null> {
    const contact = await this.members.contact(memberId);
    if (!contact) return null;
    return { ...contact, bankAccounts: await boundBankAccounts(this.db, contact.merchantCode, memberId) };
  }

  private answersLeft(memberId: bigint) {
    return repo
      .countWrongAnswers(this.db, memberId, new Date(Date.now() - ANSWER_WINDOW_MS))
      .then((wrong) => wrong < MAX_WRONG_ANSWERS_PER_DAY);
  }

  private offered(member: VerifiedMember, answersLeft: boolean) {
    return (Object.keys(this.methods) as LoginVerificationMethod[]).flatMap((method) => {
      const target = this.methods[method].target(member);
      if (this.methods[method].kind === 'answer' && !answersLeft) return [];
      return target === null ? [] : [{ method, target }];
    });
  }

  /**
   * Null when the login may go on; otherwise the ticket answer. A member with nothing bound to send a code to
   * is let through (there is no way to verify, and refusing would lock them out from every new address).
   */
  async hold(
    ctx: VerificationContext,
    memberId: bigint,
    password: { passwordExpired: boolean; mustChange: boolean },
  ): Promise<LoginVerificationRequired | null> {
    if (!isFeatureEnabled(ctx.settings.whitelabel, FEATURES.newIpVerification)) return null;
    if (await repo.isKnownAddress(this.db, memberId, ctx.ip)) return null;
    const member = await this.member(memberId);
    if (!member?.hasLoggedIn) return null;
    const bound = this.offered(member, true);
    if (bound.length === 0) return null;
    const methods = (await this.answersLeft(memberId)) ? bound : this.offered(member, false);
    // Only a knowledge method, and its guesses spent: the login waits rather than going through unverified.
    if (methods.length === 0) throw new AppError('login.locked');
    return this.issueTicket(ctx, memberId, password, methods);
  }

  /**
   * A member with two-factor on is held at every login, password or SMS code, from any address: the authenticator
   * alone completes it (it also answers for a new address). Null for everyone else.
   */
  async holdForSecondFactor(
    ctx: VerificationContext,
    memberId: bigint,
    password: { passwordExpired: boolean; mustChange: boolean },
  ): Promise<LoginVerificationRequired | null> {
    if (!(await this.secondFactor?.isEnabled(memberId))) return null;
    return this.issueTicket(ctx, memberId, password, [{ method: 'googleCode', target: '' }]);
  }

  private async issueTicket(
    ctx: VerificationContext,
    memberId: bigint,
    password: { passwordExpired: boolean; mustChange: boolean },
    methods: LoginVerificationRequired['methods'],
  ): Promise<LoginVerificationRequired> {
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = Date.now() + TICKET_TTL_MS;
    if (++this.ticketsIssued % SWEEP_EVERY === 0) await repo.sweepTickets(this.db, new Date(Date.now() - ANSWER_WINDOW_MS));
    await repo.insertTicket(this.db, {
      ticketHash: ticketHash(ticket),
      memberId,
      merchantCode: ctx.merchantCode,
      ip: ctx.ip,
      ...password,
      secondFactor: methods.some(({ method }) => method === 'googleCode'),
      expiresAt: new Date(expiresAt),
    });
    return { verificationRequired: true, ticket, expiresAt, methods };
  }

  private async openTicket(ctx: VerificationContext, ticket: string) {
    const hash = ticketHash(ticket);
    const row = await repo.selectOpenTicket(this.db, hash, ctx.merchantCode, ctx.ip);
    if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError('login.verification.expired');
    return { hash, row };
  }

  /** Sends a fresh code by `method`; the previous code of the ticket stops working. A method that sends nothing is unavailable. */
  async sendCode(ctx: VerificationContext, ticket: string, method: LoginVerificationMethod): Promise<{ expiredMinutes: number }> {
    const { hash, row } = await this.openTicket(ctx, ticket);
    const member = await this.member(row.member_id);
    const sender = this.methods[method];
    if (row.second_factor || sender.kind !== 'code' || !member || sender.target(member) === null)
      throw new AppError('login.verification.method.unavailable');
    if (!(await takeTurn(this.db, 'login-verification:ip', ctx.ip, SEND_PER_IP_INTERVAL_MS)))
      throw new AppError('sms.too.frequent');
    if (
      !(await takeTurn(this.db, 'login-verification:ticket', `${hash.toString('hex')}:${method}`, CODE_EXPIRED_MINUTES * 60_000))
    )
      throw new AppError('sms.too.frequent');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.storeCode(
      this.db,
      hash,
      method,
      codeHash(hash, method, code),
      new Date(Date.now() + CODE_EXPIRED_MINUTES * 60_000),
    );
    try {
      await sender.send(member, {
        brandName: ctx.settings.product.brand.name,
        code,
        expiredMinutes: CODE_EXPIRED_MINUTES,
        language: ctx.language,
      });
    } catch {
      throw new AppError('sms.send.failed');
    }
    return { expiredMinutes: CODE_EXPIRED_MINUTES };
  }

  /**
   * Uses the ticket up when `code` is its latest code, or for a knowledge method (`method` given) the right
   * answer; the caller then starts the session. A wrong code or answer counts against the ticket
   * (sms.code.invalid, login.verification.answer.invalid), an old code says so (sms.code.expired), a dead ticket
   * answers login.verification.expired.
   */
  async complete(ctx: VerificationContext, ticket: string, code: string, method?: LoginVerificationMethod): Promise<HeldLogin> {
    const { hash, row } = await this.openTicket(ctx, ticket);
    if (row.second_factor !== (method === 'googleCode')) throw new AppError('login.verification.method.unavailable');
    const answered = method === undefined ? undefined : this.methods[method];
    if (answered?.kind === 'authenticator') await this.checkSecondFactor(hash, row, code);
    else if (answered?.kind === 'answer') {
      const member = await this.member(row.member_id);
      if (!member || answered.target(member) === null || !(await this.answersLeft(row.member_id)))
        throw new AppError('login.verification.method.unavailable');
      if (!answered.matches(member, code)) {
        await repo.countWrongCode(this.db, hash, 'answer');
        throw new AppError('login.verification.answer.invalid');
      }
    } else await this.checkCode(hash, row, code);
    if (!(await repo.useTicket(this.db, hash, MAX_ATTEMPTS))) throw new AppError('login.verification.expired');
    return { memberId: row.member_id, passwordExpired: row.password_expired, mustChange: row.must_change };
  }

  /** A wrong code counts against the ticket and the member's factor (which locks after five in a row). */
  private async checkSecondFactor(hash: Buffer, row: repo.OpenTicket, code: string) {
    const checked = (await this.secondFactor?.verify(row.member_id, code)) ?? 'off';
    if (checked === 'ok') return;
    if (checked === 'off') throw new AppError('login.verification.expired');
    await repo.countWrongCode(this.db, hash, 'code');
    throw new AppError(checked === 'locked' ? 'twofactor.locked' : 'twofactor.invalid');
  }

  private async checkCode(hash: Buffer, row: repo.OpenTicket, code: string) {
    if (row.code_hash === null || row.method === null || row.code_expires_at === null) throw new AppError('sms.code.invalid');
    if (row.code_expires_at.getTime() <= Date.now()) throw new AppError('sms.code.expired');
    if (!timingSafeEqual(Buffer.from(row.code_hash), codeHash(hash, row.method, code.trim()))) {
      await repo.countWrongCode(this.db, hash, 'code');
      throw new AppError('sms.code.invalid');
    }
  }
}

import type { LoginAnswer } from '@tessera/contract/api/accounts';
import { DEFAULT_WEAK_PASSWORD, type LoginBody, type LoginResult, PLAYER_SITE_TYPES } from '@tessera/contract/api/accounts';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { checkPassword } from '../../platform/passwords.js';
import type { BotCheckService } from '../bot-check/service.js';
import type { CaptchaService } from '../captcha/service.js';
import type { HeldLogin, LoginVerificationService } from '../login-verification/service.js';
import type { SmsService } from '../sms/service.js';
import type { LoginSessions, RequestContext } from './login-session.js';
import { phoneOf } from './phone.js';
import * as repo from './repo.js';

/**
 * Login throttling (spec §9), counted per account name AND client address so that a stranger elsewhere
 * cannot lock a player out: 3 failures in 15 minutes ask for the image captcha, 5 lock that pair for 5
 * minutes. 10 failures on one account from any mix of addresses ask for the captcha everywhere (a spread-out
 * guessing attack), without locking anyone out. One address failing across many accounts (password spraying)
 * gets the captcha after 10 failures and a 5-minute lock after 30: generous, because a mobile carrier puts
 * many honest players behind one address. Counted in the database, so every instance sees the same counts.
 */
export const LOGIN_POLICY = {
  windowMs: 15 * 60_000,
  captchaAfter: 3,
  lockAfter: 5,
  lockMs: 5 * 60_000,
  accountCaptchaAfter: 10,
  addressCaptchaAfter: 10,
  addressLockAfter: 30,
} as const;

const lockedSince = (count: number, limit: number, last: Date | null) =>
  count >= limit && last !== null && Date.now() - last.getTime() < LOGIN_POLICY.lockMs;

const FAILURE_SWEEP_EVERY = 500;

/** PWDEXPFORCECHANGE3: a password older than this must be changed at login. */
export const PASSWORD_MAX_AGE_MS = 90 * 24 * 3600_000;

/** Login by account name and password or by SMS code, and the resumption of a login held for verification. */
export class LoginService {
  private failuresRecorded = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly captcha: CaptchaService,
    private readonly sms: SmsService,
    private readonly sessions: LoginSessions,
    // The bot check and new-address verification, each switched per merchant.
    private readonly botCheck?: BotCheckService,
    private readonly verification?: LoginVerificationService,
  ) {}

  async login(ctx: RequestContext, body: LoginBody): Promise<LoginAnswer> {
    // bot check: before anything else, so every attempt costs a proof of work
    await this.botCheck?.verify({ merchantCode: ctx.merchantCode, whitelabel: ctx.settings.whitelabel }, body.botCheck);
    if (body.type === 'sms') return this.loginBySms(ctx, body);
    const account = body.username.trim();
    const password = body.password.trim();
    const accountKey = account.toLowerCase();
    const failures = await repo.countFailures(
      this.db,
      ctx.merchantCode,
      accountKey,
      ctx.ip,
      new Date(Date.now() - LOGIN_POLICY.windowMs),
    );
    if (
      lockedSince(failures.fromIp, LOGIN_POLICY.lockAfter, failures.lastFromIp) ||
      lockedSince(failures.fromAddress, LOGIN_POLICY.addressLockAfter, failures.lastFromAddress)
    ) {
      throw new AppError('login.locked');
    }
    const captchaAfter = (counts: { fromIp: number; allIps: number; fromAddress: number }) =>
      counts.fromIp >= LOGIN_POLICY.captchaAfter ||
      counts.allIps >= LOGIN_POLICY.accountCaptchaAfter ||
      counts.fromAddress >= LOGIN_POLICY.addressCaptchaAfter;
    if (captchaAfter(failures)) {
      if (!body.captcha || !body.captchaId) throw new AppError('login.captcha.required');
      if (!(await this.captcha.solve(ctx.ip, body.captchaId, body.captcha))) throw new AppError('login.captcha.invalid');
    }

    const member = await repo.selectMemberByAccount(this.db, ctx.merchantCode, account);
    // An unknown account is checked against a decoy hash: its answer costs what a wrong password costs.
    const passwordMatches = await checkPassword(member?.password_hash ?? null, password);
    if (!member || !passwordMatches) {
      await repo.insertFailure(this.db, ctx.merchantCode, accountKey, ctx.ip);
      if (++this.failuresRecorded % FAILURE_SWEEP_EVERY === 0) {
        await repo.sweepFailures(this.db, new Date(Date.now() - LOGIN_POLICY.windowMs));
      }
      if (failures.fromIp + 1 >= LOGIN_POLICY.lockAfter || failures.fromAddress + 1 >= LOGIN_POLICY.addressLockAfter) {
        throw new AppError('login.locked');
      }
      const after = { fromIp: failures.fromIp + 1, allIps: failures.allIps + 1, fromAddress: failures.fromAddress + 1 };
      if (captchaAfter(after)) throw new AppError('login.invalid.captcha');
      throw new AppError('login.invalid');
    }
    if (member.status === 'frozen') throw new AppError('login.account.frozen');
    if (!PLAYER_SITE_TYPES.includes(member.agent_type)) throw new AppError('login.non.member');
    await repo.deleteFailures(this.db, ctx.merchantCode, accountKey, ctx.ip);

    const expired =
      isFeatureEnabled(ctx.settings.whitelabel, FEATURES.forcePasswordChangeOnExpiry) &&
      (member.password_changed_at === null || Date.now() - member.password_changed_at.getTime() > PASSWORD_MAX_AGE_MS);
    const passwordState = {
      passwordExpired: expired,
      mustChange: expired || password === DEFAULT_WEAK_PASSWORD || member.password_change_required,
    };
    // two-factor, else new-address verification: a ticket instead of a session until a code comes back
    const held =
      (await this.verification?.holdForSecondFactor(ctx, member.id, passwordState)) ??
      (await this.verification?.hold(ctx, member.id, passwordState));
    if (held) return held;
    return this.sessions.start(ctx, member.id, passwordState);
  }

  /** Opens the session of a login held for new-address verification once its code came back. */
  async resumeHeldLogin(ctx: RequestContext, held: HeldLogin): Promise<LoginResult> {
    const member = await repo.selectMemberById(this.db, held.memberId);
    if (!member || member.merchant_code !== ctx.merchantCode) throw new AppError('login.verification.expired');
    if (member.status === 'frozen') throw new AppError('login.account.frozen');
    if (!PLAYER_SITE_TYPES.includes(member.agent_type)) throw new AppError('login.non.member');
    return this.sessions.start(ctx, member.id, { passwordExpired: held.passwordExpired, mustChange: held.mustChange });
  }

  /** Spec §4: login by SMS code never forces a password change. */
  private async loginBySms(ctx: RequestContext, body: LoginBody): Promise<LoginAnswer> {
    if (!isFeatureEnabled(ctx.settings.whitelabel, FEATURES.smsLogin)) throw new AppError('function.not.available');
    const phone = phoneOf(body.username, body.countryDialingCode);
    if (!phone) throw new AppError('sms.code.invalid');
    await this.sms.consumeCode(ctx.merchantCode, 'login', phone, body.password);
    const member = await repo.selectMemberByPhone(this.db, ctx.merchantCode, phone.dialCode, phone.mobile);
    if (!member) throw new AppError('sms.code.invalid');
    if (member.status === 'frozen') throw new AppError('login.account.frozen');
    if (!PLAYER_SITE_TYPES.includes(member.agent_type)) throw new AppError('login.non.member');
    const passwordState = { passwordExpired: false, mustChange: false };
    // the code proves the phone, not the member's second factor
    const held = await this.verification?.holdForSecondFactor(ctx, member.id, passwordState);
    if (held) return held;
    return this.sessions.start(ctx, member.id, passwordState);
  }
}

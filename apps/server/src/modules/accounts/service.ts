import { randomBytes, randomInt } from 'node:crypto';
import {
  AGENT_CENTRE_TYPES,
  DEFAULT_WEAK_PASSWORD,
  type LoginBody,
  type LoginResult,
  type MemberInfo,
  PLAYER_SITE_TYPES,
  PROFILE_FIELDS,
  type RegisterBody,
  TRIAL_TYPE,
} from '@tessera/contract/api/accounts';
import type { LoginAnswer } from '@tessera/contract/api/login-challenge';
import type { FieldError } from '@tessera/contract/envelope';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { RegisterRule, Settings } from '@tessera/contract/settings';
import { validateField } from '@tessera/contract/validation/validate-field';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';
import { maskMobile } from '../../platform/masking.js';
import { checkPassword, hashPassword } from '../../platform/passwords.js';
import type { BotCheckService } from '../bot-check/service.js';
import type { CaptchaService } from '../captcha/service.js';
import type { MemberContact } from '../login-verification/methods.js';
import type { HeldLogin, LoginVerificationService } from '../login-verification/service.js';
import type { Mailer } from '../mailer/service.js';
import { assertMayLogin } from '../responsible-gaming/service.js';
import { endMemberSessions, endSession, hashToken, startSession } from '../sessions/service.js';
import { type PhoneNumber, SMS_CODE_EXPIRED_MINUTES, type SmsService } from '../sms/service.js';
import { takeTurn } from '../throttle/service.js';
import { ACCOUNT_FIELD_KEYS, ageInYears, BIRTHDAY_MIN_AGE_YEARS, newPasswordErrors, ruleErrors } from './register-validation.js';
import * as repo from './repo.js';

/**
 * Login throttling (spec §9), counted per account name AND client address so that a stranger elsewhere
 * cannot lock a player out: 3 failures in 15 minutes ask for the image captcha, 5 lock that pair for 5
 * minutes. 10 failures on one account from any mix of addresses ask for the captcha everywhere (a spread-out
 * guessing attack), without locking anyone out.
 */
export const LOGIN_POLICY = {
  windowMs: 15 * 60_000,
  captchaAfter: 3,
  lockAfter: 5,
  lockMs: 5 * 60_000,
  accountCaptchaAfter: 10,
} as const;

const FAILURE_SWEEP_EVERY = 500;

/** PWDEXPFORCECHANGE3: a password older than this must be changed at login. */
export const PASSWORD_MAX_AGE_MS = 90 * 24 * 3600_000;
export const CHANGE_GRANT_TTL_MS = 10 * 60_000;
export const RESET_GRANT_TTL_MS = 30 * 60_000;
/** One reset mail per account per 5 minutes; one forgot-password request per address per 30 seconds. */
export const RESET_MAIL_INTERVAL_MS = 5 * 60_000;
export const FORGOT_PER_IP_INTERVAL_MS = 30_000;
/** One trial account per address per 10 seconds. */
export const FREE_PLAY_INTERVAL_MS = 10_000;

export interface RequestContext {
  merchantCode: string;
  ip: string;
  settings: Settings;
}

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
  profile?: Record<string, string>;
  registration?: Record<string, string>;
}

/** Creates a member (and an affiliate code for an agent); used by registration, free play, tests and seeds. */
export async function createMember(db: Kysely<Database>, input: NewMember): Promise<bigint> {
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  return db.transaction().execute((trx) => insertMemberWithCode(trx, input, passwordHash));
}

async function insertMemberWithCode(trx: Kysely<Database>, input: NewMember, passwordHash: string | null): Promise<bigint> {
  const agentType = input.agentType ?? 0;
  const id = await repo.insertMember(trx, {
    merchantCode: input.merchantCode,
    account: input.account,
    passwordHash,
    nickname: input.nickname ?? null,
    agentType,
    parentId: input.parentId ?? null,
    mobile: input.mobile ?? null,
    dialCode: input.mobile ? (input.dialCode ?? null) : null,
    email: input.email ?? null,
    profile: input.profile ?? {},
    registration: input.registration ?? {},
  });
  if (AGENT_CENTRE_TYPES.includes(agentType)) await repo.insertAffiliateCode(trx, input.merchantCode, newAffiliateCode(), id);
  return id;
}

const requiredRule = (rule: RegisterRule | undefined): RegisterRule =>
  rule
    ? { ...rule, shown: true, required: true }
    : { shown: true, required: true, acceptedPattern: '*', patternId: 6, minLength: 6, maxLength: 20 };

const smsText = (ctx: RequestContext, code: string) =>
  `${ctx.settings.product.brand.name}: your verification code is ${code}. It expires in ${SMS_CODE_EXPIRED_MINUTES} minutes.`;

const newAffiliateCode = () => randomBytes(6).toString('hex').toUpperCase().slice(0, 8);

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
const mentions = (error: unknown, name: string) => String((error as Error).message ?? '').includes(name);

export class AccountsService {
  private failuresRecorded = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly captcha: CaptchaService,
    private readonly mailer: Mailer,
    private readonly sms: SmsService,
    // issue 4 items 7 and 5: the bot check and new-address verification, each switched per merchant
    private readonly botCheck?: BotCheckService,
    private readonly verification?: LoginVerificationService,
  ) {}

  // --- login ---

  async login(ctx: RequestContext, body: LoginBody): Promise<LoginAnswer> {
    // bot check (issue 4 item 7): before anything else, so every attempt costs a proof of work
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
      failures.fromIp >= LOGIN_POLICY.lockAfter &&
      failures.lastFromIp &&
      Date.now() - failures.lastFromIp.getTime() < LOGIN_POLICY.lockMs
    ) {
      throw new AppError('login.locked');
    }
    const captchaNeeded = failures.fromIp >= LOGIN_POLICY.captchaAfter || failures.allIps >= LOGIN_POLICY.accountCaptchaAfter;
    if (captchaNeeded) {
      if (!body.captcha || !body.captchaId) throw new AppError('login.captcha.required');
      if (!(await this.captcha.solve(body.captchaId, body.captcha))) throw new AppError('login.captcha.invalid');
    }

    const member = await repo.selectMemberByAccount(this.db, ctx.merchantCode, account);
    if (!member || !(await checkPassword(member.password_hash, password))) {
      await repo.insertFailure(this.db, ctx.merchantCode, accountKey, ctx.ip);
      if (++this.failuresRecorded % FAILURE_SWEEP_EVERY === 0) {
        await repo.sweepFailures(this.db, new Date(Date.now() - LOGIN_POLICY.windowMs));
      }
      if (failures.fromIp + 1 >= LOGIN_POLICY.lockAfter) throw new AppError('login.locked');
      if (failures.fromIp + 1 >= LOGIN_POLICY.captchaAfter || failures.allIps + 1 >= LOGIN_POLICY.accountCaptchaAfter) {
        throw new AppError('login.invalid.captcha');
      }
      throw new AppError('login.invalid');
    }
    if (member.status === 'frozen') throw new AppError('login.account.frozen');
    if (!PLAYER_SITE_TYPES.includes(member.agent_type)) throw new AppError('login.non.member');
    await repo.deleteFailures(this.db, ctx.merchantCode, accountKey, ctx.ip);

    const expired =
      isFeatureEnabled(ctx.settings.whitelabel, FEATURES.forcePasswordChangeOnExpiry) &&
      (member.password_changed_at === null || Date.now() - member.password_changed_at.getTime() > PASSWORD_MAX_AGE_MS);
    const passwordState = { passwordExpired: expired, mustChange: expired || password === DEFAULT_WEAK_PASSWORD };
    // new-address verification (issue 4 item 5): a ticket instead of a session until a code comes back
    const held = await this.verification?.hold(ctx, member.id, passwordState);
    if (held) return held;
    return this.startLogin(ctx, member.id, passwordState);
  }

  /** Opens the session of a login held for new-address verification once its code came back (issue 4 item 5). */
  async resumeHeldLogin(ctx: RequestContext, held: HeldLogin): Promise<LoginResult> {
    const member = await repo.selectMemberById(this.db, held.memberId);
    if (!member || member.merchant_code !== ctx.merchantCode) throw new AppError('login.verification.expired');
    if (member.status === 'frozen') throw new AppError('login.account.frozen');
    if (!PLAYER_SITE_TYPES.includes(member.agent_type)) throw new AppError('login.non.member');
    return this.startLogin(ctx, member.id, { passwordExpired: held.passwordExpired, mustChange: held.mustChange });
  }

  /** Where a login verification code may go (issue 4 item 5). */
  async contact(memberId: bigint): Promise<MemberContact | null> {
    const member = await repo.selectMemberById(this.db, memberId);
    if (!member) return null;
    return {
      merchantCode: member.merchant_code,
      account: member.account,
      mobile: member.mobile,
      dialCode: member.dial_code,
      email: member.email,
      hasLoggedIn: member.last_login_at !== null,
    };
  }

  /** Spec §4: login by SMS code never forces a password change. */
  private async loginBySms(ctx: RequestContext, body: LoginBody): Promise<LoginResult> {
    if (!isFeatureEnabled(ctx.settings.whitelabel, FEATURES.smsLogin)) throw new AppError('function.not.available');
    const phone = this.phone(ctx, body.username, body.countryDialingCode);
    if (!phone) throw new AppError('sms.code.invalid');
    await this.sms.consumeCode(ctx.merchantCode, 'login', phone, body.password);
    const member = await repo.selectMemberByPhone(this.db, ctx.merchantCode, phone.dialCode, phone.mobile);
    if (!member) throw new AppError('sms.code.invalid');
    if (member.status === 'frozen') throw new AppError('login.account.frozen');
    if (!PLAYER_SITE_TYPES.includes(member.agent_type)) throw new AppError('login.non.member');
    return this.startLogin(ctx, member.id, { passwordExpired: false, mustChange: false });
  }

  /** A number in canonical form when it passes the merchant's mobile rule; null otherwise. */
  private phone(ctx: RequestContext, mobile: string | undefined, dialCode: string | undefined): PhoneNumber | null {
    const trimmed = (mobile ?? '').trim();
    const dial = (dialCode ?? '').replace(/^\+/, '');
    const rule = ctx.settings.registerRules.mobileNum;
    if (!trimmed || !dial || !/^[0-9]{4,20}$/.test(trimmed)) return null;
    if (rule && validateField({ ...rule, shown: true, required: true }, trimmed)) return null;
    return { dialCode: dial, mobile: trimmed };
  }

  // --- SMS codes ---

  async sendRegisterCode(ctx: RequestContext, mobile: string | undefined, dialCode: string) {
    const tree = ctx.settings.whitelabel;
    if (!isFeatureEnabled(tree, FEATURES.mobileRegistrationSms)) throw new AppError('function.not.available');
    const phone = this.phone(ctx, mobile, dialCode);
    if (!phone) throw new AppError('sms.mobile.invalid');
    if (await repo.mobileExists(this.db, ctx.merchantCode, phone.dialCode, phone.mobile))
      throw new AppError('register.mobile.taken');
    return this.sms.sendCode(ctx, 'register', phone, true, (code) => smsText(ctx, code));
  }

  /** Login code (login by SMS, password by phone). An unknown number gets the same answer and no SMS. */
  async sendLoginCode(ctx: RequestContext, mobile: string, dialCode: string) {
    const tree = ctx.settings.whitelabel;
    if (!isFeatureEnabled(tree, FEATURES.smsLogin) && !isFeatureEnabled(tree, FEATURES.passwordResetByPhone)) {
      throw new AppError('function.not.available');
    }
    const phone = this.phone(ctx, mobile, dialCode);
    if (!phone) throw new AppError('sms.mobile.invalid');
    const member = await repo.selectMemberByPhone(this.db, ctx.merchantCode, phone.dialCode, phone.mobile);
    return this.sms.sendCode(ctx, 'login', phone, member !== undefined, (code) => smsText(ctx, code));
  }

  /** CHNGPASSVERIF3: new password by SMS code, then logged in (spec §4: auto-login, go to /). */
  async setPasswordByPhone(
    ctx: RequestContext,
    body: {
      mobileNum: string;
      countryDialingCode: string;
      verificationCode: string;
      newPassword: string;
      confirmNewPassword?: string;
    },
  ): Promise<LoginResult> {
    if (!isFeatureEnabled(ctx.settings.whitelabel, FEATURES.passwordResetByPhone)) throw new AppError('function.not.available');
    if (body.confirmNewPassword !== undefined && body.confirmNewPassword.trim() !== body.newPassword.trim()) {
      throw new AppError('password.confirmation.mismatch');
    }
    const errors = newPasswordErrors(ctx.settings.registerRules, body.newPassword, 'newPassword');
    if (errors.length) throw new AppError('request.invalid', { fields: errors });
    const phone = this.phone(ctx, body.mobileNum, body.countryDialingCode);
    if (!phone) throw new AppError('sms.code.invalid');
    await this.sms.consumeCode(ctx.merchantCode, 'login', phone, body.verificationCode);
    const member = await repo.selectMemberByPhone(this.db, ctx.merchantCode, phone.dialCode, phone.mobile);
    if (!member || member.password_hash === null) throw new AppError('sms.code.invalid');
    if (member.status === 'frozen') throw new AppError('login.account.frozen');
    if (!PLAYER_SITE_TYPES.includes(member.agent_type)) throw new AppError('login.non.member');
    await repo.updatePasswordHash(this.db, member.id, await hashPassword(body.newPassword.trim()));
    await repo.deleteFailures(this.db, ctx.merchantCode, member.account.toLowerCase());
    return this.startLogin(ctx, member.id, { passwordExpired: false, mustChange: false });
  }

  /** Opens the session (ending any other), records the login and, when a change is forced, issues the grant. */
  private async startLogin(
    ctx: RequestContext,
    memberId: bigint,
    password: { passwordExpired: boolean; mustChange: boolean },
    trxOuter?: Kysely<Database>,
  ): Promise<LoginResult> {
    const work = async (trx: Kysely<Database>): Promise<LoginResult> => {
      const member = await repo.lockMember(trx, memberId);
      if (!member) throw new AppError('login.invalid');
      await assertMayLogin(trx, ctx.merchantCode, memberId); // time-out / self-exclusion (responsible gaming)
      const token = await startSession(trx, { memberId, merchantCode: ctx.merchantCode, ip: ctx.ip });
      await repo.recordLogin(trx, memberId, ctx.ip);
      await this.verification?.rememberAddress(trx, memberId, ctx.ip); // issue 4 item 5: the address is now known
      let grant: string | null = null;
      if (password.mustChange) {
        grant = randomBytes(32).toString('base64url');
        await repo.insertGrant(trx, {
          tokenHash: hashToken(grant),
          memberId,
          purpose: 'change',
          expiresAt: new Date(Date.now() + CHANGE_GRANT_TTL_MS),
        });
      }
      return {
        token,
        id: Number(member.id),
        userName: member.account,
        nickname: member.nickname,
        customerType: member.agent_type,
        firstTimeLogin: !member.first_login_done,
        passwordExpired: password.passwordExpired,
        passwordChangeRequired: password.mustChange,
        passwordChangeGrant: grant,
        lastLoginIp: member.last_login_ip,
      };
    };
    return trxOuter ? work(trxOuter) : this.db.transaction().execute(work);
  }

  async logout(session: SessionPrincipal): Promise<void> {
    await endSession(this.db, session.tokenHash, 'logout');
  }

  // --- registration ---

  /**
   * Registration by username or, in 'mobile' mode (MOBILENUMREG3), by mobile number, which then is the account
   * name (spec §5). With REGMOBVERF3 on, a mobile number needs its SMS code.
   */
  async register(ctx: RequestContext, body: RegisterBody, mode: 'username' | 'mobile' = 'username'): Promise<LoginResult> {
    const tree = ctx.settings.whitelabel;
    const modeFeature = mode === 'username' ? FEATURES.usernameRegistration : FEATURES.mobileRegistration;
    if (!isFeatureEnabled(tree, FEATURES.registration) || !isFeatureEnabled(tree, modeFeature)) {
      throw new AppError('function.not.available');
    }
    const rules = ctx.settings.registerRules;
    const smsRequired = isFeatureEnabled(tree, FEATURES.mobileRegistrationSms) && (mode === 'mobile' || !!body.mobileNum?.trim());
    const profile: Record<string, string> = {};
    for (const field of PROFILE_FIELDS) {
      const value = body[field]?.trim();
      if (value) profile[field] = value;
    }
    const errors: FieldError[] = ruleErrors(mode === 'mobile' ? { ...rules, mobileNum: requiredRule(rules.mobileNum) } : rules, {
      ...(mode === 'username' ? { username: body.username } : {}),
      confirmPassword: body.confirmPassword,
      mobileNum: body.mobileNum,
      paymentPassword: body.paymentPassword,
      affiliateCode: body.affiliateCode,
      captcha: body.captcha,
      ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, body[field]])),
    });
    errors.push(...newPasswordErrors(rules, body.password, 'password'));
    const hasError = (field: string) => errors.some((error) => error.field === `body/${field}`);
    if (!hasError('confirmPassword') && body.confirmPassword.trim() !== body.password.trim()) {
      errors.push(fieldError('confirmPassword', ACCOUNT_FIELD_KEYS.confirmationMismatch));
    }
    if (mode === 'mobile' && !body.mobileNum?.trim()) errors.push(fieldError('mobileNum', 'validation.required'));
    if ((mode === 'mobile' || smsRequired) && body.mobileNum?.trim() && !body.countryDialingCode) {
      errors.push(fieldError('countryDialingCode', 'validation.required'));
    }
    if (smsRequired && !body.verificationCode?.trim()) errors.push(fieldError('verificationCode', 'validation.required'));
    if (!body.termsAccepted) errors.push(fieldError('termsAccepted', ACCOUNT_FIELD_KEYS.termsRequired));
    if (!body.ageConsent) errors.push(fieldError('ageConsent', ACCOUNT_FIELD_KEYS.ageConsentRequired, { age: 18 }));
    if (profile.birthday && !hasError('birthday')) {
      const age = ageInYears(profile.birthday, new Date());
      if (age !== null && age < BIRTHDAY_MIN_AGE_YEARS) {
        errors.push(fieldError('birthday', ACCOUNT_FIELD_KEYS.age21, { age: BIRTHDAY_MIN_AGE_YEARS }));
      }
    }
    if (errors.length) throw new AppError('request.invalid', { fields: errors });
    // bot check (issue 4 item 7), like the captcha spent only once the fields are right
    await this.botCheck?.verify({ merchantCode: ctx.merchantCode, whitelabel: tree }, body.botCheck);

    // The captcha is spent only once everything else is right, so a typo elsewhere does not cost a new image.
    const captchaRule = rules.captcha;
    if (captchaRule?.shown && captchaRule.required && !(await this.captcha.solve(body.captchaId, body.captcha))) {
      throw new AppError('request.invalid', { fields: [fieldError('captcha', ACCOUNT_FIELD_KEYS.captchaInvalid)] });
    }

    const code = (body.affiliateCode || body.referralCode || '').trim();
    const parentId = code ? await this.resolveAffiliate(ctx.merchantCode, code, body.domain) : null;
    const mobile = body.mobileNum?.trim() || null;
    const dialCode = mobile ? (body.countryDialingCode ?? '').replace(/^\+/, '') || null : null;
    if (smsRequired && mobile && dialCode) {
      await this.sms.consumeCode(ctx.merchantCode, 'register', { dialCode, mobile }, body.verificationCode ?? '');
    }
    const passwordHash = await hashPassword(body.password.trim());
    const registration: Record<string, string> = { registerMethod: 'WEB', ip: ctx.ip };
    if (body.registerUrl) registration.registerUrl = body.registerUrl;
    if (body.domain) registration.domain = body.domain;
    if (body.loginDeviceId) registration.loginDeviceId = body.loginDeviceId;
    if (code) registration.affiliateCode = code;

    try {
      return await this.db.transaction().execute(async (trx) => {
        const id = await insertMemberWithCode(
          trx,
          {
            merchantCode: ctx.merchantCode,
            account: mode === 'mobile' ? (mobile as string) : body.username.trim(),
            password: null,
            parentId,
            mobile,
            dialCode,
            email: profile.email ?? null,
            profile,
            registration,
          },
          passwordHash,
        );
        return this.startLogin(ctx, id, { passwordExpired: false, mustChange: false }, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(mentions(error, 'members_mobile') ? 'register.mobile.taken' : 'register.username.taken');
      }
      throw error;
    }
  }

  /** The agent behind an affiliate/referral code; invitation_code_error when it is unknown, disabled or elsewhere. */
  async resolveAffiliate(merchantCode: string, code: string, domain: string | undefined): Promise<bigint> {
    const row = await repo.selectAffiliate(this.db, merchantCode, code.trim());
    const domainMatches = !row?.domain || (domain !== undefined && row.domain.toLowerCase() === domain.trim().toLowerCase());
    if (!row || !domainMatches || row.status !== 'active' || !AGENT_CENTRE_TYPES.includes(row.agent_type)) {
      throw new AppError('invitation_code_error');
    }
    return row.agent_id;
  }

  // --- free play ---

  async freePlay(ctx: RequestContext, registration: Record<string, string>): Promise<LoginResult> {
    if (!isFeatureEnabled(ctx.settings.whitelabel, FEATURES.freePlay)) throw new AppError('function.not.available');
    if (!(await takeTurn(this.db, 'freeplay', ctx.ip, FREE_PLAY_INTERVAL_MS))) throw new AppError('rate.limited');
    for (let attempt = 0; ; attempt++) {
      const account = `guest${randomInt(0, 1e9).toString().padStart(9, '0')}`;
      try {
        return await this.db.transaction().execute(async (trx) => {
          const id = await insertMemberWithCode(
            trx,
            {
              merchantCode: ctx.merchantCode,
              account,
              password: null,
              agentType: TRIAL_TYPE,
              registration: { ...registration, ip: ctx.ip, registerMethod: 'FREEPLAY' },
            },
            null,
          );
          return this.startLogin(ctx, id, { passwordExpired: false, mustChange: false }, trx);
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  // --- member info ---

  async info(session: SessionPrincipal): Promise<MemberInfo> {
    const member = await this.member(session);
    return {
      id: Number(member.id),
      account: member.account,
      nickname: member.nickname,
      type: member.agent_type,
      toUpline: member.parent_id !== null,
      // Rank labels belong to the VIP module; until it exists every member is VIP0.
      clubLabel: { labelName: 'VIP0', rankLevel: 0 },
      memberLabel: [],
      regDate: member.created_at.getTime(),
      mobile: maskMobile(member.mobile),
    };
  }

  async avatar(session: SessionPrincipal) {
    const member = await this.member(session);
    return { avatar: member.avatar, avatarType: member.avatar_type };
  }

  /**
   * Spec §5 gated actions (deposit, withdrawal, transfers, members centre, agent centre, promotion claims):
   * a trial account (agent type 4) is refused with in_need_true_account. Other modules call this first.
   */
  async assertRealAccount(session: SessionPrincipal): Promise<void> {
    if ((await this.member(session)).agent_type === TRIAL_TYPE) throw new AppError('in_need_true_account');
  }

  private async member(session: SessionPrincipal): Promise<repo.MemberRow> {
    const member = await repo.selectMemberById(this.db, session.memberId);
    if (!member || member.merchant_code !== session.merchantCode) throw new AppError('login.not.session');
    return member;
  }

  // --- passwords ---

  async changePassword(
    ctx: RequestContext,
    session: SessionPrincipal,
    body: { oldPassword?: string; grant?: string; newPassword: string; confirmNewPassword: string },
  ): Promise<void> {
    if (body.confirmNewPassword.trim() !== body.newPassword.trim()) throw new AppError('password.confirmation.mismatch');
    const errors = newPasswordErrors(ctx.settings.registerRules, body.newPassword, 'newPassword');
    if (errors.length) throw new AppError('request.invalid', { fields: errors });
    const member = await this.member(session);
    if (body.grant) {
      const used = await repo.consumeGrant(this.db, hashToken(body.grant), 'change');
      if (!used || used.member_id !== member.id) throw new AppError('password.grant.invalid');
    } else {
      if (!body.oldPassword) throw new AppError('password.old.required');
      if (!(await checkPassword(member.password_hash, body.oldPassword.trim()))) throw new AppError('password.old.invalid');
    }
    await repo.updatePasswordHash(this.db, member.id, await hashPassword(body.newPassword.trim()));
  }

  /**
   * Forgot password by email. Answers the same whether or not the username/email pair exists (departure from
   * the spec's 'Username/Email does not exist', which would let anyone harvest accounts); captcha-gated and
   * limited per address, and at most one mail per account per RESET_MAIL_INTERVAL_MS.
   */
  async forgotPassword(ctx: RequestContext, body: { username: string; email: string; captchaId: string; captcha: string }) {
    if (!(await this.captcha.solve(body.captchaId, body.captcha))) throw new AppError('login.captcha.invalid');
    if (!(await takeTurn(this.db, 'forgot-password:ip', ctx.ip, FORGOT_PER_IP_INTERVAL_MS))) throw new AppError('rate.limited');
    const member = await repo.selectMemberByAccount(this.db, ctx.merchantCode, body.username.trim());
    const matches =
      member?.email && member.email.toLowerCase() === body.email.trim().toLowerCase() && member.password_hash !== null;
    if (member && matches && (await takeTurn(this.db, 'forgot-password:member', String(member.id), RESET_MAIL_INTERVAL_MS))) {
      const token = randomBytes(32).toString('base64url');
      await repo.insertGrant(this.db, {
        tokenHash: hashToken(token),
        memberId: member.id,
        purpose: 'reset',
        expiresAt: new Date(Date.now() + RESET_GRANT_TTL_MS),
      });
      await this.mailer.send({
        merchantCode: ctx.merchantCode,
        to: member.email as string,
        subject: `${ctx.settings.product.brand.name}: reset your password`,
        text: [
          `A password reset was asked for the account ${member.account}.`,
          `Open this link within 30 minutes to choose a new password (it works once): ${resetLink(ctx.settings, token)}`,
          'If you did not ask for it, ignore this mail: your password stays as it is.',
        ].join('\n'),
      });
    }
    return { messageKey: 'in_been_out' };
  }

  async resetPassword(ctx: RequestContext, body: { token: string; newPassword: string; confirmNewPassword: string }) {
    if (body.confirmNewPassword.trim() !== body.newPassword.trim()) throw new AppError('password.confirmation.mismatch');
    const errors = newPasswordErrors(ctx.settings.registerRules, body.newPassword, 'newPassword');
    if (errors.length) throw new AppError('request.invalid', { fields: errors });
    const passwordHash = await hashPassword(body.newPassword.trim());
    await this.db.transaction().execute(async (trx) => {
      const grant = await repo.consumeGrant(trx, hashToken(body.token), 'reset');
      const member = grant ? await repo.lockMember(trx, grant.member_id) : undefined;
      if (!member || member.merchant_code !== ctx.merchantCode) throw new AppError('password.reset.invalid');
      await repo.updatePasswordHash(trx, member.id, passwordHash);
      // Whoever held a session with the old password is signed out.
      await endMemberSessions(trx, member.id, 'password.reset');
      await repo.deleteFailures(trx, ctx.merchantCode, member.account.toLowerCase());
    });
  }

  // --- operator ---

  list(merchantCode: string, agentType: number | undefined, limit: number) {
    return repo.listMembers(this.db, merchantCode, agentType, limit);
  }

  async show(merchantCode: string, account: string) {
    const member = await repo.selectMemberByAccount(this.db, merchantCode, account);
    if (!member) return null;
    return { member, affiliateCodes: await repo.selectAffiliateCodes(this.db, member.id) };
  }

  /** Changes the agent type; a new agent gets an affiliate code so that it can recruit at once. */
  async setType(merchantCode: string, account: string, agentType: number, actor: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.selectMemberByAccount(trx, merchantCode, account, true);
      if (!member) return false;
      await repo.updateAgentType(trx, member.id, agentType);
      if (AGENT_CENTRE_TYPES.includes(agentType) && (await repo.selectAffiliateCodes(trx, member.id)).length === 0) {
        await repo.insertAffiliateCode(trx, merchantCode, newAffiliateCode(), member.id);
      }
      const detail = { from: member.agent_type, to: agentType };
      await repo.insertAudit(trx, { merchantCode, memberId: member.id, action: 'set-type', detail, actor });
      return true;
    });
  }

  /** Clears the failed-login counters of an account from every address (an unknown name has counters too). */
  async unlock(merchantCode: string, account: string, actor: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.deleteFailures(trx, merchantCode, account.trim().toLowerCase());
      const member = await repo.selectMemberByAccount(trx, merchantCode, account.trim());
      if (member) await repo.insertAudit(trx, { merchantCode, memberId: member.id, action: 'unlock', detail: {}, actor });
    });
  }

  /**
   * An account made by an operator (support staff, e2e): hashed and checked for uniqueness like a registration,
   * audited without the password. A password of 123456 is allowed on purpose: it forces a change at first login.
   */
  async createByOperator(input: NewMember & { password: string }, actor: string): Promise<bigint> {
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const id = await insertMemberWithCode(trx, input, passwordHash);
        const detail = { agentType: input.agentType ?? 0, mobile: input.mobile ?? null, email: input.email ?? null };
        await repo.insertAudit(trx, { merchantCode: input.merchantCode, memberId: id, action: 'create', detail, actor });
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(mentions(error, 'members_mobile') ? 'register.mobile.taken' : 'register.username.taken');
      }
      throw error;
    }
  }

  /**
   * Sets a password for a player who lost access; `expired` dates it past the maximum age so that, while
   * PWDEXPFORCECHANGE3 is on, the next login must change it. Ends the member's sessions like a reset does.
   */
  async setPasswordByOperator(
    merchantCode: string,
    account: string,
    password: string,
    options: { expired: boolean },
    actor: string,
  ): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.selectMemberByAccount(trx, merchantCode, account.trim(), true);
      if (!member) return false;
      const changedAt = options.expired ? new Date(Date.now() - PASSWORD_MAX_AGE_MS - 24 * 3600_000) : new Date();
      await repo.updatePasswordHash(trx, member.id, passwordHash, changedAt);
      await endMemberSessions(trx, member.id, 'password.reset');
      await repo.deleteFailures(trx, merchantCode, member.account.toLowerCase());
      const detail = { expired: options.expired };
      await repo.insertAudit(trx, { merchantCode, memberId: member.id, action: 'set-password', detail, actor });
      return true;
    });
  }

  audit(merchantCode: string, limit: number) {
    return repo.selectAudit(this.db, merchantCode, limit);
  }
}

/**
 * The reset link points at the merchant's main domain from its settings, never at the request's Host header,
 * which a caller controls and could aim at a site of their own to catch the token.
 */
function resetLink(settings: Settings, token: string): string {
  const main = settings.domainRoutes.find((route) => route.isMain)?.domain;
  const path = `/resetPassword?token=${token}`;
  return main ? `https://${main}${path}` : path;
}

import { randomInt } from 'node:crypto';
import {
  AGENT_CENTRE_TYPES,
  type LoginResult,
  PROFILE_FIELDS,
  type RegisterBody,
  TRIAL_TYPE,
} from '@tessera/contract/api/accounts';
import type { FieldError } from '@tessera/contract/envelope';
import { VALIDATION_KEYS } from '@tessera/contract/errors';
import { FEATURES, isFeatureEnabled, mobileSignUp } from '@tessera/contract/features';
import type { RegisterRule } from '@tessera/contract/settings';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';
import { hashPassword } from '../../platform/passwords.js';
import type { BotCheckService } from '../bot-check/service.js';
import type { CaptchaService } from '../captcha/service.js';
import type { SmsService } from '../sms/service.js';
import { takeTurn } from '../throttle/service.js';
import type { LoginSessions, RequestContext } from './login-session.js';
import { insertMemberWithCode, isUniqueViolation, takenError } from './members.js';
import { requireNewPhone } from './phone.js';
import { ACCOUNT_FIELD_KEYS, ageInYears, BIRTHDAY_MIN_AGE_YEARS, newPasswordErrors, ruleErrors } from './register-validation.js';
import * as repo from './repo.js';

/** One trial account per address per 10 seconds. */
export const FREE_PLAY_INTERVAL_MS = 10_000;

const requiredRule = (rule: RegisterRule | undefined): RegisterRule =>
  rule
    ? { ...rule, shown: true, required: true }
    : { shown: true, required: true, acceptedPattern: '*', patternId: 6, minLength: 6, maxLength: 20 };

/** What other modules add to a sign-up: member referral, and the sign-up bonus the player opted into on the form. */
export interface RegistrationHooks {
  /** The member behind a member-referral code, or null when it is none (it may still be an agent's affiliate code). */
  referrerOf(merchant: string, code: string): Promise<bigint | null>;
  /** In the registration's transaction, once the member exists: they signed up through the referrer's code. */
  referred(
    trx: Transaction<Database>,
    sign: { merchant: string; memberId: bigint; referrerId: bigint; code: string },
  ): Promise<void>;
  /** Once the registration is committed: claims the bonus the player opted into (a refusal is answered as an AppError). */
  claimSignupBonus(merchant: string, memberId: bigint, promotionId: bigint): Promise<void>;
}

/** Sign-up by account name or mobile number, affiliate codes, and free play (trial accounts). */
export class RegistrationService {
  private hooks: RegistrationHooks | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly captcha: CaptchaService,
    private readonly sms: SmsService,
    private readonly sessions: LoginSessions,
    private readonly botCheck?: BotCheckService,
  ) {}

  useHooks(hooks: RegistrationHooks): void {
    this.hooks = hooks;
  }

  /**
   * Registration by username or, in 'mobile' mode (MOBILENUMREG3), by mobile number, which then is the account
   * name (spec §5). With REGMOBVERF3 on, a mobile number needs its SMS code. A mobile sign-up takes a password only
   * with MOBILENUMPASSREG3 on; off, the code alone makes an account without one, and a password sent is refused.
   */
  async register(ctx: RequestContext, body: RegisterBody, mode: 'username' | 'mobile' = 'username'): Promise<LoginResult> {
    const tree = ctx.settings.whitelabel;
    const offered =
      mode === 'username'
        ? isFeatureEnabled(tree, FEATURES.registration) && isFeatureEnabled(tree, FEATURES.usernameRegistration)
        : mobileSignUp(tree) !== null;
    if (!offered) throw new AppError('function.not.available');
    const takesPassword = mode === 'username' || mobileSignUp(tree) === 'password';
    const rules = ctx.settings.registerRules;
    const smsRequired = isFeatureEnabled(tree, FEATURES.mobileRegistrationSms) && (mode === 'mobile' || !!body.mobileNum?.trim());
    const profile: Record<string, string> = {};
    for (const field of PROFILE_FIELDS) {
      const value = body[field]?.trim();
      if (value) profile[field] = value;
    }
    const errors: FieldError[] = ruleErrors(mode === 'mobile' ? { ...rules, mobileNum: requiredRule(rules.mobileNum) } : rules, {
      ...(mode === 'username' ? { username: body.username } : {}),
      ...(takesPassword ? { confirmPassword: body.confirmPassword } : {}),
      mobileNum: body.mobileNum,
      paymentPassword: body.paymentPassword,
      affiliateCode: body.affiliateCode,
      captcha: body.captcha,
      ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, body[field]])),
    });
    const hasError = (field: string) => errors.some((error) => error.field === `body/${field}`);
    if (takesPassword) {
      errors.push(...newPasswordErrors(rules, body.password, 'password'));
      if (!hasError('confirmPassword') && body.confirmPassword.trim() !== body.password.trim()) {
        errors.push(fieldError('confirmPassword', ACCOUNT_FIELD_KEYS.confirmationMismatch));
      }
    } else {
      for (const field of ['password', 'confirmPassword'] as const) {
        if (body[field].trim() !== '') errors.push(fieldError(field, VALIDATION_KEYS.unknownField));
      }
    }
    if (mode === 'mobile' && !body.mobileNum?.trim()) errors.push(fieldError('mobileNum', 'validation.required'));
    if (body.mobileNum?.trim() && !body.countryDialingCode) {
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
    const typedMobile = body.mobileNum?.trim() || null;
    const phone =
      typedMobile && body.countryDialingCode ? requireNewPhone(ctx, typedMobile, body.countryDialingCode, 'mobileNum') : null;
    // bot check, like the captcha spent only once the fields are right
    await this.botCheck?.verify({ merchantCode: ctx.merchantCode, whitelabel: tree }, body.botCheck);

    // The captcha is spent only once everything else is right, so a typo elsewhere does not cost a new image.
    const captchaRule = rules.captcha;
    if (captchaRule?.shown && captchaRule.required && !(await this.captcha.solve(ctx.ip, body.captchaId, body.captcha))) {
      throw new AppError('request.invalid', { fields: [fieldError('captcha', ACCOUNT_FIELD_KEYS.captchaInvalid)] });
    }

    const referral = await this.referralOf(ctx.merchantCode, body);
    const referredByLink = referral !== null && referral.code === body.referralCode?.trim();
    const code = (body.affiliateCode || (referredByLink ? '' : body.referralCode) || '').trim();
    const parentId = code ? await this.resolveAffiliate(ctx.merchantCode, code, body.domain) : null;
    if (smsRequired && phone) await this.sms.consumeCode(ctx.merchantCode, 'register', phone, body.verificationCode ?? '');
    const passwordHash = takesPassword ? await hashPassword(body.password.trim()) : null;
    const registration: Record<string, string> = { registerMethod: 'WEB', ip: ctx.ip };
    if (body.registerUrl) registration.registerUrl = body.registerUrl;
    if (body.domain) registration.domain = body.domain;
    if (body.loginDeviceId) registration.loginDeviceId = body.loginDeviceId;
    if (code) registration.affiliateCode = code;
    if (referral) registration.referralCode = referral.code;

    let signedUp: { id: bigint; login: LoginResult };
    try {
      signedUp = await this.db.transaction().execute(async (trx) => {
        const id = await insertMemberWithCode(
          trx,
          {
            merchantCode: ctx.merchantCode,
            account: mode === 'mobile' ? (typedMobile as string) : body.username.trim(),
            password: null,
            parentId,
            mobile: phone?.mobile ?? null,
            dialCode: phone?.dialCode ?? null,
            mobileVerified: smsRequired,
            email: profile.email ?? null,
            profile,
            registration,
          },
          passwordHash,
        );
        if (referral && this.hooks)
          await this.hooks.referred(trx, {
            merchant: ctx.merchantCode,
            memberId: id,
            referrerId: referral.referrerId,
            code: referral.code,
          });
        return { id, login: await this.sessions.start(ctx, id, { passwordExpired: false, mustChange: false }, trx) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw takenError(error);
      throw error;
    }
    await this.claimSignupBonus(ctx.merchantCode, signedUp.id, body.signupPromotionId);
    return signedUp.login;
  }

  /**
   * The member whose referral code the sign-up carries: `referralCode` (the invite link's), else a `recommenderId`
   * typed on the form that is a member's code. A `referralCode` that is no member's is tried as an agent's affiliate
   * code, as before member referral existed.
   */
  private async referralOf(merchant: string, body: RegisterBody) {
    if (!this.hooks) return null;
    for (const typed of [body.referralCode, body.recommenderId]) {
      const code = typed?.trim();
      if (!code) continue;
      const referrerId = await this.hooks.referrerOf(merchant, code);
      if (referrerId !== null) return { referrerId, code };
    }
    return null;
  }

  /** The account exists whatever becomes of its bonus: a refused bonus shows on the promotion, not as a failed sign-up. */
  private async claimSignupBonus(merchant: string, memberId: bigint, promotionId: string | undefined) {
    if (!promotionId || !this.hooks) return;
    try {
      await this.hooks.claimSignupBonus(merchant, memberId, BigInt(promotionId));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  /**
   * An agent creates a direct downline account (agent centre, spec 2.5): the sign-up rules of account name and
   * password, the account under the agent, a member or a sub-agent of the agent's own type. No session starts: the
   * new member logs in themselves. Fields the form does not carry (mobile, e-mail, profile) stay empty.
   */
  async registerDownline(
    ctx: RequestContext,
    agent: { id: bigint; agentType: number },
    body: { kind: 'member' | 'agent'; username: string; password: string; confirmPassword: string },
  ): Promise<bigint> {
    const rules = ctx.settings.registerRules;
    const usernameRule = requiredRule(rules.username);
    const errors: FieldError[] = [
      ...ruleErrors({ ...rules, username: usernameRule }, { username: body.username, confirmPassword: body.confirmPassword }),
      ...newPasswordErrors(rules, body.password, 'password'),
    ];
    if (!errors.some((error) => error.field === 'body/confirmPassword') && body.confirmPassword.trim() !== body.password.trim()) {
      errors.push(fieldError('confirmPassword', ACCOUNT_FIELD_KEYS.confirmationMismatch));
    }
    if (errors.length) throw new AppError('request.invalid', { fields: errors });
    const passwordHash = await hashPassword(body.password.trim());
    try {
      return await this.db.transaction().execute((trx) =>
        insertMemberWithCode(
          trx,
          {
            merchantCode: ctx.merchantCode,
            account: body.username.trim(),
            password: null,
            agentType: body.kind === 'agent' ? agent.agentType : 0,
            parentId: agent.id,
            registration: { registerMethod: 'AGENT', ip: ctx.ip, agentId: agent.id.toString() },
          },
          passwordHash,
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw takenError(error);
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
          return this.sessions.start(ctx, id, { passwordExpired: false, mustChange: false }, trx);
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }
}

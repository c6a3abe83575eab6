import { type LoginResult, PLAYER_SITE_TYPES } from '@tessera/contract/api/accounts';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import { validateField } from '@tessera/contract/validation/validate-field';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type BackgroundSends, withSteadyTime } from '../../platform/background-sends.js';
import { fieldError } from '../../platform/field-error.js';
import { hashPassword } from '../../platform/passwords.js';
import { playerMessage } from '../../platform/player-messages.js';
import { type PhoneNumber, toE164 } from '../sms/mobile-number.js';
import { SMS_CODE_EXPIRED_MINUTES, type SmsService } from '../sms/service.js';
import type { LoginSessions, RequestContext } from './login-session.js';
import { FORGOT_ANSWER_FLOOR_MS } from './passwords.js';
import { newPasswordErrors } from './register-validation.js';
import * as repo from './repo.js';

/** Field message for a number its country's numbering plan does not have. */
const MOBILE_FOR_COUNTRY_KEY = 'validation.mobile_for_country';

/**
 * The number in E.164 parts when its country has it, typed with or without the trunk prefix; null otherwise.
 * What finds an account by its mobile: one number has one stored form however it is typed.
 */
export function phoneOf(mobile: string | undefined, dialCode: string | undefined): PhoneNumber | null {
  const trimmed = (mobile ?? '').trim();
  if (!/^[0-9]{4,20}$/.test(trimmed)) return null;
  return toE164(dialCode ?? '', trimmed);
}

/** phoneOf, or a 4xx: the field message when only the country's numbering refuses it, which a player can act on. */
export function requirePhone(mobile: string | undefined, dialCode: string | undefined, field: string): PhoneNumber {
  const phone = phoneOf(mobile, dialCode);
  if (phone) return phone;
  const dial = (dialCode ?? '').replace(/^\+/, '');
  if (/^[0-9]{4,20}$/.test((mobile ?? '').trim()) && /^[0-9]{1,4}$/.test(dial)) {
    throw new AppError('request.invalid', { fields: [fieldError(field, MOBILE_FOR_COUNTRY_KEY, { dialCode: `+${dial}` })] });
  }
  throw new AppError('sms.mobile.invalid');
}

/**
 * A number an account is about to take (sign-up, a recovery mobile): the merchant's mobile rule applies to it as
 * typed, since that is what the form shows, then requirePhone.
 */
export function requireNewPhone(
  ctx: RequestContext,
  mobile: string | undefined,
  dialCode: string | undefined,
  field: string,
): PhoneNumber {
  const rule = ctx.settings.registerRules.mobileNum;
  const trimmed = (mobile ?? '').trim();
  if (rule && validateField({ ...rule, shown: true, required: true }, trimmed)) throw new AppError('sms.mobile.invalid');
  return requirePhone(trimmed, dialCode, field);
}

const smsText = (ctx: RequestContext, code: string, key: 'sms_code' | 'sms_reset_code' = 'sms_code') =>
  playerMessage(ctx.language, key, { brand: ctx.settings.product.brand.name, code, minutes: SMS_CODE_EXPIRED_MINUTES });

/** SMS codes for registration, login and a password reset, and a new password by SMS code. */
export class PhoneAccountsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sms: SmsService,
    private readonly sessions: LoginSessions,
    private readonly background: BackgroundSends,
  ) {}

  async sendRegisterCode(ctx: RequestContext, mobile: string | undefined, dialCode: string) {
    const tree = ctx.settings.whitelabel;
    if (!isFeatureEnabled(tree, FEATURES.mobileRegistrationSms)) throw new AppError('function.not.available');
    const phone = requireNewPhone(ctx, mobile, dialCode, 'mobileNo');
    if (await repo.mobileExists(this.db, ctx.merchantCode, phone.dialCode, phone.mobile))
      throw new AppError('register.mobile.taken');
    return this.sms.sendCode(ctx, 'register', phone, true, (code) => smsText(ctx, code));
  }

  /** Login code (login by SMS). An unknown number gets the same answer and no SMS. */
  async sendLoginCode(ctx: RequestContext, mobile: string, dialCode: string) {
    if (!isFeatureEnabled(ctx.settings.whitelabel, FEATURES.smsLogin)) throw new AppError('function.not.available');
    const phone = requirePhone(mobile, dialCode, 'mobileNum');
    const member = await repo.selectMemberByPhone(this.db, ctx.merchantCode, phone.dialCode, phone.mobile);
    return this.sms.sendCode(ctx, 'login', phone, member !== undefined, (code) => smsText(ctx, code));
  }

  /**
   * The code of a password reset by phone (CHNGPASSVERIF3). Only a proven mobile gets one (a number typed at
   * sign-up without its code may be someone else's); any other number gets the same answer in the same time,
   * since the SMS leaves after the answer. The per-number interval holds for unknown numbers too.
   */
  sendResetCode(ctx: RequestContext, mobile: string, dialCode: string) {
    return withSteadyTime(FORGOT_ANSWER_FLOOR_MS, async () => {
      if (!isFeatureEnabled(ctx.settings.whitelabel, FEATURES.passwordResetByPhone)) throw new AppError('function.not.available');
      const phone = requirePhone(mobile, dialCode, 'mobileNum');
      const member = await repo.selectMemberByPhone(this.db, ctx.merchantCode, phone.dialCode, phone.mobile);
      // An account made by code alone (mobileSignUp 'code') has no password yet: this is how it gets one.
      const deliver = member !== undefined && member.mobile_verified_at !== null;
      return this.sms.sendCode(ctx, 'reset', phone, deliver, (code) => smsText(ctx, code, 'sms_reset_code'), this.background);
    });
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
    const phone = phoneOf(body.mobileNum, body.countryDialingCode);
    if (!phone) throw new AppError('sms.code.invalid');
    await this.sms.consumeCode(ctx.merchantCode, 'reset', phone, body.verificationCode);
    const member = await repo.selectMemberByPhone(this.db, ctx.merchantCode, phone.dialCode, phone.mobile);
    if (!member || member.mobile_verified_at === null) throw new AppError('sms.code.invalid');
    if (member.status === 'frozen') throw new AppError('login.account.frozen');
    if (!PLAYER_SITE_TYPES.includes(member.agent_type)) throw new AppError('login.non.member');
    await repo.updatePasswordHash(this.db, member.id, await hashPassword(body.newPassword.trim()));
    await repo.deleteFailures(this.db, ctx.merchantCode, member.account.toLowerCase());
    // The session opened below ends every other, so whoever held one with the old password is signed out.
    return this.sessions.start(ctx, member.id, { passwordExpired: false, mustChange: false });
  }
}

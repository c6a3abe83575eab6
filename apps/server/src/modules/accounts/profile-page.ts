import type { MemberProfile, UpdateProfileBody } from '@tessera/contract/api/member-profile';
import { PROFILE_PAGE_FIELDS } from '@tessera/contract/avatar-limits';
import type { FieldError } from '@tessera/contract/envelope';
import type { RegisterRule, Settings } from '@tessera/contract/settings';
import { patternMessage } from '@tessera/contract/validation/pattern-message';
import { fieldOptions, validateField } from '@tessera/contract/validation/validate-field';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';
import { maskEmail, maskMobile } from '../../platform/masking.js';
import { sessionMember } from './member-info.js';
import { ACCOUNT_FIELD_KEYS, ageInYears, BIRTHDAY_MIN_AGE_YEARS } from './register-validation.js';
import * as repo from './repo.js';

/** Whether the member has two-factor on (modules/two-factor, composed in services.ts). */
export type TwoFactorEnabled = (memberId: bigint) => Promise<boolean>;

/** Spec §5 date pattern 11 (yyyy-MM-dd), for a merchant that has no birthday rule of its own. */
const BIRTHDAY_RULE: RegisterRule = {
  shown: true,
  required: false,
  acceptedPattern: '*',
  patternId: 11,
  minLength: 10,
  maxLength: 10,
};

const isRealDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/**
 * The members-centre `profile` page: what the player reads and fills in about themselves. The optional fields are
 * those the merchant shows at sign-up, each checked by the same register rule; the birthday is always offered and
 * set once (the spec's 21-year check), since an age a player could change at will proves nothing.
 */
export class ProfilePageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly twoFactorEnabled: TwoFactorEnabled = async () => false,
  ) {}

  async read(settings: Settings, session: SessionPrincipal): Promise<MemberProfile> {
    const member = await sessionMember(this.db, session);
    return {
      account: member.account,
      nickname: member.nickname,
      avatar: { avatar: member.avatar, avatarType: member.avatar_type },
      birthday: member.profile.birthday ?? null,
      fields: offeredFields(settings).map(({ name, rule }) => ({ name, rule, value: member.profile[name] ?? '' })),
      emailMasked: maskEmail(member.email),
      emailVerified: member.email !== null && member.email_verified_at !== null,
      mobileMasked: member.mobile ? `${member.dial_code ? `+${member.dial_code} ` : ''}${maskMobile(member.mobile)}` : null,
      mobileVerified: member.mobile !== null && member.mobile_verified_at !== null,
      twoFactorEnabled: await this.twoFactorEnabled(member.id),
    };
  }

  async update(settings: Settings, session: SessionPrincipal, body: UpdateProfileBody): Promise<MemberProfile> {
    const offered = offeredFields(settings);
    const errors: FieldError[] = [];
    const changes: Record<string, string> = {};
    for (const [name, raw] of Object.entries(body.fields ?? {})) {
      const entry = offered.find((field) => field.name === name);
      if (!entry) {
        errors.push(fieldError(`fields/${name}`, 'validation.unknown_field'));
        continue;
      }
      const message = validateField(entry.rule, raw, fieldOptions(name));
      if (message) errors.push(fieldError(`fields/${name}`, message.key, message.params));
      else changes[name] = (raw ?? '').trim();
    }
    const birthday = body.birthday?.trim();
    if (birthday) {
      const rule = settings.registerRules.birthday ?? BIRTHDAY_RULE;
      const message =
        validateField(rule, birthday, fieldOptions('birthday')) ?? (isRealDate(birthday) ? null : patternMessage(rule));
      if (message) errors.push(fieldError('birthday', message.key, message.params));
      else if ((ageInYears(birthday, new Date()) ?? 0) < BIRTHDAY_MIN_AGE_YEARS) {
        errors.push(fieldError('birthday', ACCOUNT_FIELD_KEYS.age21, { age: BIRTHDAY_MIN_AGE_YEARS }));
      }
    }
    if (errors.length) throw new AppError('request.invalid', { fields: errors });

    await this.db.transaction().execute(async (trx) => {
      const member = await repo.lockMember(trx, session.memberId);
      if (!member || member.merchant_code !== session.merchantCode) throw new AppError('login.not.session');
      const profile = { ...member.profile };
      if (birthday && profile.birthday !== birthday) {
        if (profile.birthday) throw new AppError('profile.birthday.locked');
        profile.birthday = birthday;
      }
      for (const [name, value] of Object.entries(changes)) {
        if (value === '') delete profile[name];
        else profile[name] = value;
      }
      await repo.updateProfileValues(trx, member.id, profile);
    });
    return this.read(settings, session);
  }
}

/** The page's optional fields the merchant shows, in the page's order. */
function offeredFields(settings: Settings) {
  return PROFILE_PAGE_FIELDS.flatMap((name) => {
    const rule = settings.registerRules[name];
    return rule?.shown ? [{ name, rule }] : [];
  });
}

import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { ContactChannel, SendContactCodeBody } from '@tessera/contract/api/recovery-contacts';
import { CONTACT_RESEND_SECONDS } from '@tessera/contract/routes/recovery-contacts';
import { validateField } from '@tessera/contract/validation/validate-field';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { BackgroundSends } from '../../platform/background-sends.js';
import { fieldError } from '../../platform/field-error.js';
import { guessOneTimeCode, newOneTimeCode, oneTimeCodeHash, useOneTimeCode } from '../../platform/one-time-codes.js';
import { checkPassword } from '../../platform/passwords.js';
import { playerMessage } from '../../platform/player-messages.js';
import type { Mailer } from '../mailer/service.js';
import { smsRecipient } from '../sms/mobile-number.js';
import type { SmsProvider } from '../sms/service.js';
import { takeTurn } from '../throttle/service.js';
import type { RequestContext } from './login-session.js';
import { isUniqueViolation } from './members.js';
import { requireNewPhone } from './phone.js';
import { NO_SECOND_FACTOR, type SecondFactorCheck } from './second-factor.js';

/** The code answer's expiredMinutes: the client waits it out before offering to send again (spec §4). */
export const CONTACT_CODE_EXPIRED_MINUTES = 5;
/** Guesses a code survives, the right one included: 5 in a million for a 6-digit code. */
export const CONTACT_CODE_MAX_ATTEMPTS = 5;
/**
 * One send per second per client address and channel (as SMS codes): a player who proves an e-mail and then a mobile
 * is not held up by the first; one per resend minute per account and channel, and per address.
 */
export const CONTACT_PER_IP_INTERVAL_MS = 1000;
export const CONTACT_PER_MEMBER_INTERVAL_MS = CONTACT_RESEND_SECONDS * 1000;
export const CONTACT_PER_ADDRESS_INTERVAL_MS = CONTACT_RESEND_SECONDS * 1000;

/** Wider than any merchant's sign-up e-mail rule, which is about sign-up; a recovery address only needs to be one. */
const EMAIL_RULE = { shown: true, required: true, acceptedPattern: '*', patternId: 3, minLength: 3, maxLength: 200 };

type Address = { channel: 'email'; email: string } | { channel: 'mobile'; dialCode: string; mobile: string };

const addressKey = (address: Address) => (address.channel === 'email' ? address.email : `+${address.dialCode}${address.mobile}`);

const codeHash = (memberId: bigint, address: Address, code: string) =>
  oneTimeCodeHash(`${memberId}:${address.channel}:${addressKey(address)}`, code);

/**
 * A way back into an account: the member binds an e-mail and a mobile in My account, each proven by a one-time
 * code sent there. Only a proven address can receive a password reset. An address another account of the
 * merchant has proven is refused (docs/decisions.md); the database keeps that true under races too.
 */
export class RecoveryContactsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly sms: SmsProvider,
    private readonly background: BackgroundSends,
    private readonly secondFactor: SecondFactorCheck = NO_SECOND_FACTOR,
  ) {}

  private address(ctx: RequestContext, body: SendContactCodeBody): Address {
    if (body.channel === 'email') {
      const email = (body.email ?? '').trim();
      const problem = validateField(EMAIL_RULE, email);
      if (problem) throw new AppError('request.invalid', { fields: [fieldError('email', problem.key, problem.params)] });
      return { channel: 'email', email: email.toLowerCase() };
    }
    const phone = requireNewPhone(ctx, body.mobileNum, body.countryDialingCode, 'mobileNum');
    return { channel: 'mobile', ...phone };
  }

  private async member(ctx: RequestContext, memberId: bigint) {
    const member = await this.db
      .selectFrom('members')
      .select([
        'id',
        'account',
        'agent_type',
        'password_hash',
        'language',
        'email',
        'email_verified_at',
        'dial_code',
        'mobile',
        'mobile_verified_at',
      ])
      .where('id', '=', memberId)
      .where('merchant_code', '=', ctx.merchantCode)
      .executeTakeFirst();
    if (!member) throw new AppError('login.not.session');
    if (member.agent_type === TRIAL_TYPE) throw new AppError('in_need_true_account');
    return member;
  }

  /** Another account of the merchant holds the address: a proven e-mail, or a mobile at all (mobiles are unique). */
  private async assertFree(ctx: RequestContext, memberId: bigint, address: Address) {
    const query = this.db
      .selectFrom('members')
      .select('id')
      .where('merchant_code', '=', ctx.merchantCode)
      .where('id', '!=', memberId);
    const holder =
      address.channel === 'email'
        ? await query
            .where(sql<string>`lower(email)`, '=', address.email)
            .where('email_verified_at', 'is not', null)
            .executeTakeFirst()
        : await query.where('dial_code', '=', address.dialCode).where('mobile', '=', address.mobile).executeTakeFirst();
    if (holder) throw new AppError(address.channel === 'email' ? 'contact.email.taken' : 'contact.mobile.taken');
  }

  async sendCode(ctx: RequestContext, memberId: bigint, body: SendContactCodeBody): Promise<{ expiredMinutes: number }> {
    const address = this.address(ctx, body);
    const member = await this.member(ctx, memberId);
    await this.assertFree(ctx, memberId, address);
    // Replacing a proven address takes the login password: a session alone (a borrowed phone, a stolen token)
    // must not move the account's way back in.
    const proven = provenAddress(member, address.channel);
    const replacing = proven !== null && addressKey(proven) !== addressKey(address);
    if (replacing && !body.password) {
      throw new AppError('request.invalid', { fields: [fieldError('password', 'validation.required')] });
    }
    // Binding, not only replacing: an address bound by an intruder would become the way to reset the password. Asked
    // before the send turns, so a missing or mistyped code does not cost the player a minute; wrong codes lock on
    // their own.
    await this.secondFactor.require(memberId, body.googleCode);
    const turns = [
      takeTurn(this.db, `contact:ip:${address.channel}`, ctx.ip, CONTACT_PER_IP_INTERVAL_MS),
      takeTurn(this.db, `contact:member:${address.channel}`, String(memberId), CONTACT_PER_MEMBER_INTERVAL_MS),
    ];
    for (const turn of turns) if (!(await turn)) throw new AppError('sms.too.frequent');
    // A wrong password spends the member's minute (guessing stays slow) but not the new address's turn.
    if (replacing && !(await checkPassword(member.password_hash, body.password ?? '')))
      throw new AppError('password.old.invalid');
    const addressTurn = `${ctx.merchantCode}:${addressKey(address)}`;
    if (!(await takeTurn(this.db, 'contact:address', addressTurn, CONTACT_PER_ADDRESS_INTERVAL_MS))) {
      throw new AppError('sms.too.frequent');
    }

    const code = newOneTimeCode();
    await this.db
      .insertInto('contact_codes')
      .values({
        merchant_code: ctx.merchantCode,
        member_id: memberId,
        channel: address.channel,
        email: address.channel === 'email' ? address.email : null,
        dial_code: address.channel === 'mobile' ? address.dialCode : null,
        mobile: address.channel === 'mobile' ? address.mobile : null,
        code_hash: codeHash(memberId, address, code),
        expires_at: new Date(Date.now() + CONTACT_CODE_EXPIRED_MINUTES * 60_000),
      })
      .execute();
    const brand = ctx.settings.product.brand.name;
    const params = { brand, account: member.account, code, minutes: CONTACT_CODE_EXPIRED_MINUTES };
    try {
      if (address.channel === 'email') {
        await this.mailer.send({
          merchantCode: ctx.merchantCode,
          to: address.email,
          subject: playerMessage(ctx.language, 'contact_code_email_subject', { brand }),
          text: `${playerMessage(ctx.language, 'contact_code_email', params)}\n${playerMessage(ctx.language, 'contact_code_email_ignore', {})}`,
        });
      } else {
        const text = playerMessage(ctx.language, 'contact_code_mobile', params);
        await this.sms.send({ merchantCode: ctx.merchantCode, to: smsRecipient(address), text });
      }
    } catch {
      throw new AppError('sms.send.failed');
    }
    return { expiredMinutes: CONTACT_CODE_EXPIRED_MINUTES };
  }

  /**
   * Binds the address of the member's newest code of `channel` as proven, if `code` is that code. The guess is
   * counted before it is compared (no parallel guessing past the limit) and the code is used up in the same
   * transaction as the bind, so of two parallel right answers exactly one binds.
   */
  async verify(ctx: RequestContext, memberId: bigint, channel: ContactChannel, code: string): Promise<void> {
    const member = await this.member(ctx, memberId);
    const latest = await this.db
      .selectFrom('contact_codes')
      .select(['id', 'email', 'dial_code', 'mobile', 'expires_at', 'used_at'])
      .where('member_id', '=', memberId)
      .where('merchant_code', '=', ctx.merchantCode)
      .where('channel', '=', channel)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest || latest.used_at !== null) throw new AppError('contact.code.missing');
    if (latest.expires_at.getTime() <= Date.now()) throw new AppError('sms.code.expired');
    const address: Address =
      channel === 'email'
        ? { channel, email: latest.email as string }
        : { channel, dialCode: latest.dial_code as string, mobile: latest.mobile as string };
    const guess = codeHash(memberId, address, code.trim());
    if (!(await guessOneTimeCode(this.db, 'contact_codes', latest.id, CONTACT_CODE_MAX_ATTEMPTS, guess))) {
      throw new AppError('sms.code.invalid');
    }
    try {
      await this.db.transaction().execute(async (trx) => {
        const used = await useOneTimeCode(trx, 'contact_codes', latest.id);
        if (!used) throw new AppError('sms.code.invalid');
        const now = new Date();
        await trx
          .updateTable('members')
          .set(
            address.channel === 'email'
              ? { email: address.email, email_verified_at: now }
              : { dial_code: address.dialCode, mobile: address.mobile, mobile_verified_at: now },
          )
          .where('id', '=', memberId)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(channel === 'email' ? 'contact.email.taken' : 'contact.mobile.taken');
      throw error;
    }
    const previous = provenAddress(member, channel);
    if (previous && addressKey(previous) !== addressKey(address)) this.noticeReplaced(ctx, member, previous);
  }

  /**
   * Tells the address that was proven before that it no longer is, so a player whose session was misused hears of
   * it where the intruder cannot reach. In the member's own language; after the answer, which it must not fail.
   */
  private noticeReplaced(ctx: RequestContext, member: { account: string; language: string | null }, previous: Address) {
    const language =
      member.language && ctx.settings.product.supportLanguages.includes(member.language) ? member.language : ctx.language;
    const params = { brand: ctx.settings.product.brand.name, account: member.account };
    if (previous.channel === 'email') {
      const mail = {
        merchantCode: ctx.merchantCode,
        to: previous.email,
        subject: playerMessage(language, 'contact_replaced_email_subject', params),
        text: playerMessage(language, 'contact_replaced_email', params),
      };
      this.background.start('recovery e-mail replaced notice', () => this.mailer.send(mail));
    } else {
      const sms = {
        merchantCode: ctx.merchantCode,
        to: smsRecipient(previous),
        text: playerMessage(language, 'contact_replaced_mobile', params),
      };
      this.background.start('recovery mobile replaced notice', () => this.sms.send(sms));
    }
  }
}

/** The member's proven address of `channel`, if any. */
function provenAddress(
  member: {
    email: string | null;
    email_verified_at: Date | null;
    dial_code: string | null;
    mobile: string | null;
    mobile_verified_at: Date | null;
  },
  channel: ContactChannel,
): Address | null {
  if (channel === 'email')
    return member.email && member.email_verified_at ? { channel, email: member.email.toLowerCase() } : null;
  return member.dial_code && member.mobile && member.mobile_verified_at
    ? { channel, dialCode: member.dial_code, mobile: member.mobile }
    : null;
}

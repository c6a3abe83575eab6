import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { BackgroundSends } from '../../platform/background-sends.js';
import { guessOneTimeCode, newOneTimeCode, oneTimeCodeHash, useOneTimeCode } from '../../platform/one-time-codes.js';
import { insertOutbox } from '../mailer/outbox.js';
import { takeTurn } from '../throttle/service.js';
import { type PhoneNumber, smsRecipient } from './mobile-number.js';

/** Spec §3/§4: the code answer carries expiredMinutes; the client counts down expiredMinutes × 60 s. */
export const SMS_CODE_EXPIRED_MINUTES = 5;
/** Spec §9: one send per second per address; per number, the same interval as the client's countdown. */
export const SMS_PER_IP_INTERVAL_MS = 1000;
export const SMS_PER_NUMBER_INTERVAL_MS = SMS_CODE_EXPIRED_MINUTES * 60_000;
/** Wrong guesses a code survives before it is dead (a 6-digit code, so guessing stays at 5 in a million). */
export const SMS_MAX_ATTEMPTS = 5;

export type { PhoneNumber } from './mobile-number.js';

export type SmsPurpose = 'register' | 'login' | 'reset';

export interface SmsMessage {
  merchantCode: string;
  /** E.164 without the plus: dial code then national number. */
  to: string;
  text: string;
}

/** Where SMS go. A gateway adapter implements this; the default keeps them in the outbox. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** The default provider: no SMS gateway is reachable here, so messages go to the outbox table and the log. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger | null,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await insertOutbox(this.db, {
      merchantCode: message.merchantCode,
      kind: 'sms',
      recipient: `+${message.to}`,
      subject: 'verification code',
      body: message.text,
    });
    this.log?.info({ merchant: message.merchantCode, to: `+${message.to}` }, 'SMS written to the outbox');
  }
}

const codeHash = (purpose: SmsPurpose, phone: PhoneNumber, code: string) =>
  oneTimeCodeHash(`${purpose}:${phone.dialCode}:${phone.mobile}`, code);

/** Verification codes by SMS, held in the database so limits and codes hold across instances. */
export class SmsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly provider: SmsProvider,
  ) {}

  /**
   * Enforces the per-address and per-number intervals, then (when `deliver`) sends a fresh 6-digit code;
   * callers pass deliver=false when the number must not get a code (unknown for login) but the answer must
   * look the same. With `background`, the answer does not wait for the gateway (nor learn of its failure),
   * so its timing cannot tell a delivered code from a withheld one.
   */
  async sendCode(
    ctx: { merchantCode: string; ip: string },
    purpose: SmsPurpose,
    phone: PhoneNumber,
    deliver: boolean,
    text: (code: string) => string,
    background?: BackgroundSends,
  ): Promise<{ expiredMinutes: number }> {
    if (!(await takeTurn(this.db, 'sms:ip', ctx.ip, SMS_PER_IP_INTERVAL_MS))) throw new AppError('sms.too.frequent');
    const numberKey = `${ctx.merchantCode}:${purpose}:${phone.dialCode}:${phone.mobile}`;
    if (!(await takeTurn(this.db, 'sms:number', numberKey, SMS_PER_NUMBER_INTERVAL_MS))) throw new AppError('sms.too.frequent');
    if (deliver) {
      const code = newOneTimeCode();
      await this.db
        .insertInto('sms_codes')
        .values({
          merchant_code: ctx.merchantCode,
          purpose,
          dial_code: phone.dialCode,
          mobile: phone.mobile,
          code_hash: codeHash(purpose, phone, code),
          expires_at: new Date(Date.now() + SMS_CODE_EXPIRED_MINUTES * 60_000),
          used_at: null,
        })
        .execute();
      const message = { merchantCode: ctx.merchantCode, to: smsRecipient(phone), text: text(code) };
      if (background) background.start(`sms ${purpose}`, () => this.provider.send(message));
      else {
        try {
          await this.provider.send(message);
        } catch {
          throw new AppError('sms.send.failed');
        }
      }
    }
    return { expiredMinutes: SMS_CODE_EXPIRED_MINUTES };
  }

  /**
   * Uses up the newest live code of the number if `code` matches it. Throws sms.code.expired when the newest
   * code has run out, sms.code.invalid for a wrong, used or unknown code. Every guess is counted before it is
   * compared, in one guarded statement, so parallel guesses cannot get past SMS_MAX_ATTEMPTS; of two parallel
   * right answers only one uses the code.
   */
  async consumeCode(merchantCode: string, purpose: SmsPurpose, phone: PhoneNumber, code: string): Promise<void> {
    const latest = await this.db
      .selectFrom('sms_codes')
      .select(['id', 'expires_at', 'used_at'])
      .where('merchant_code', '=', merchantCode)
      .where('purpose', '=', purpose)
      .where('dial_code', '=', phone.dialCode)
      .where('mobile', '=', phone.mobile)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest || latest.used_at !== null) throw new AppError('sms.code.invalid');
    if (latest.expires_at.getTime() <= Date.now()) throw new AppError('sms.code.expired');
    if (!(await guessOneTimeCode(this.db, 'sms_codes', latest.id, SMS_MAX_ATTEMPTS, codeHash(purpose, phone, code.trim())))) {
      throw new AppError('sms.code.invalid');
    }
    const used = await useOneTimeCode(this.db, 'sms_codes', latest.id);
    if (!used) throw new AppError('sms.code.invalid');
  }
}

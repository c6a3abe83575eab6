import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { takeTurn } from '../throttle/service.js';
import { renderCaptcha } from './image.js';

/** Spec §9: refresh at most once a second; a captcha lives two minutes and answers once. */
export const CAPTCHA_REFRESH_MS = 1000;
export const CAPTCHA_TTL_MS = 120_000;
const ANSWER_DIGITS = 4;
const SWEEP_EVERY = 100;

/** The stored hash binds the answer to its captcha id. */
export const captchaAnswerHash = (captchaId: string, answer: string) =>
  createHash('sha256').update(`${captchaId}:${answer}`, 'utf8').digest();

/** Image captchas: issued per client address, held in the database (several instances), single use. */
export class CaptchaService {
  private issued = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async issue(clientIp: string): Promise<{ captchaId: string; image: string; expiresAt: number }> {
    if (!(await takeTurn(this.db, 'captcha', clientIp, CAPTCHA_REFRESH_MS))) throw new AppError('captcha.too.frequent');
    const answer = Array.from({ length: ANSWER_DIGITS }, () => randomInt(0, 10)).join('');
    // Hex, not base64url: support staff paste the id into `admin captcha answer`, where a leading '-' reads as an option.
    const captchaId = randomBytes(18).toString('hex');
    const expiresAt = Date.now() + CAPTCHA_TTL_MS;
    await this.db
      .insertInto('captchas')
      .values({
        id: captchaId,
        answer_hash: captchaAnswerHash(captchaId, answer),
        client_ip: clientIp,
        expires_at: new Date(expiresAt),
      })
      .execute();
    if (++this.issued % SWEEP_EVERY === 0) await this.db.deleteFrom('captchas').where('expires_at', '<', new Date()).execute();
    return { captchaId, image: renderCaptcha(answer).toString('base64'), expiresAt };
  }

  /**
   * The answer of a live, unused captcha, for support staff reading it to a player who cannot see the image
   * (and for end-to-end tests, which pass the real check this way). Only the hash is stored, so the answer
   * is found by trying each of the 10^ANSWER_DIGITS candidates: an operator holding the database can do the
   * same, so this reveals nothing new, and no production path changes for it.
   */
  async answerOf(captchaId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('captchas')
      .select('answer_hash')
      .where('id', '=', captchaId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) return null;
    const stored = Buffer.from(row.answer_hash);
    for (let n = 0; n < 10 ** ANSWER_DIGITS; n++) {
      const candidate = String(n).padStart(ANSWER_DIGITS, '0');
      if (captchaAnswerHash(captchaId, candidate).equals(stored)) return candidate;
    }
    return null;
  }

  /**
   * True when `answer` solves the captcha. Any attempt uses the captcha up, right or wrong, so one image
   * can't be guessed at repeatedly. Only the address that fetched the image may answer it: otherwise one
   * solved image could be handed to a farm of addresses, or its answer bought from a solving service.
   */
  async solve(clientIp: string, captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!captchaId || !answer) return false;
    const row = await this.db
      .updateTable('captchas')
      .set({ used_at: new Date() })
      .where('id', '=', captchaId)
      .where('client_ip', '=', clientIp)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('answer_hash')
      .executeTakeFirst();
    if (!row) return false;
    return timingSafeEqual(Buffer.from(row.answer_hash), captchaAnswerHash(captchaId, answer.trim()));
  }
}

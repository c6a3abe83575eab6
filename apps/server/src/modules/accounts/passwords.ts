import { randomBytes } from 'node:crypto';
import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { type BackgroundSends, withSteadyTime } from '../../platform/background-sends.js';
import { checkPassword, hashPassword } from '../../platform/passwords.js';
import { playerMessage } from '../../platform/player-messages.js';
import type { CaptchaService } from '../captcha/service.js';
import type { Mailer } from '../mailer/service.js';
import { endDerivedSessions, endMemberSessions, hashToken } from '../sessions/service.js';
import { takeTurn } from '../throttle/service.js';
import type { RequestContext } from './login-session.js';
import { sessionMember } from './member-info.js';
import { newPasswordErrors } from './register-validation.js';
import * as repo from './repo.js';
import { NO_SECOND_FACTOR, type SecondFactorCheck } from './second-factor.js';

export const RESET_GRANT_TTL_MS = 30 * 60_000;
/** One reset mail per account per 5 minutes; one forgot-password request per address per 30 seconds. */
export const RESET_MAIL_INTERVAL_MS = 5 * 60_000;
export const FORGOT_PER_IP_INTERVAL_MS = 30_000;
/**
 * Every forgot-password answer takes at least this long, and the mail goes out after the answer: the time an
 * answer takes is the same whether or not a mail was sent (whether or not the account exists).
 */
export const FORGOT_ANSWER_FLOOR_MS = 500;

/** A member's own password: change (with the old one or a grant), forgotten by email, reset by the mailed link. */
export class PasswordService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly captcha: CaptchaService,
    private readonly mailer: Mailer,
    private readonly background: BackgroundSends,
    private readonly secondFactor: SecondFactorCheck = NO_SECOND_FACTOR,
  ) {}

  async changePassword(
    ctx: RequestContext,
    session: SessionPrincipal,
    body: { oldPassword?: string; grant?: string; newPassword: string; confirmNewPassword: string; googleCode?: string },
  ): Promise<void> {
    if (body.confirmNewPassword.trim() !== body.newPassword.trim()) throw new AppError('password.confirmation.mismatch');
    const errors = newPasswordErrors(ctx.settings.registerRules, body.newPassword, 'newPassword');
    if (errors.length) throw new AppError('request.invalid', { fields: errors });
    const member = await sessionMember(this.db, session);
    const newPassword = body.newPassword.trim();
    if (body.grant) return this.changeWithGrant(session, member, body.grant, newPassword);
    if (!body.oldPassword) throw new AppError('password.old.required');
    if (!(await checkPassword(member.password_hash, body.oldPassword.trim()))) throw new AppError('password.old.invalid');
    if (body.oldPassword.trim() === newPassword) throw new AppError('password.new.same');
    // After the password check, so a wrong password does not spend the code. The grant way needs none: it follows a
    // login that asked for the code moments before.
    await this.secondFactor.require(member.id, body.googleCode);
    const newHash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      await repo.updatePasswordHash(trx, member.id, newHash);
      await endDerivedSessions(trx, session.tokenHash);
    });
  }

  /** The single-use grant is spent with the change or not at all: a refused new password leaves it usable. */
  private async changeWithGrant(
    session: SessionPrincipal,
    member: { id: bigint; password_hash: string | null },
    grant: string,
    newPassword: string,
  ) {
    const isCurrent = await checkPassword(member.password_hash, newPassword);
    const newHash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      const used = await repo.consumeGrant(trx, hashToken(grant), 'change');
      if (!used || used.member_id !== member.id) throw new AppError('password.grant.invalid');
      if (isCurrent) throw new AppError('password.new.same');
      await repo.updatePasswordHash(trx, member.id, newHash);
      await endDerivedSessions(trx, session.tokenHash);
    });
  }

  /**
   * Forgot password by email. Answers the same, in the same time, whether or not the username/email pair exists
   * and the e-mail is proven (departure from the spec's 'Username/Email does not exist', which would let anyone
   * harvest accounts); captcha-gated and limited per client address, and at most one mail per account and one
   * per e-mail address per RESET_MAIL_INTERVAL_MS. Only a proven e-mail gets a link: an address typed at sign-up
   * and never confirmed may be someone else's.
   */
  forgotPassword(ctx: RequestContext, body: { username: string; email: string; captchaId: string; captcha: string }) {
    return withSteadyTime(FORGOT_ANSWER_FLOOR_MS, async () => {
      if (!(await this.captcha.solve(ctx.ip, body.captchaId, body.captcha))) throw new AppError('login.captcha.invalid');
      if (!(await takeTurn(this.db, 'forgot-password:ip', ctx.ip, FORGOT_PER_IP_INTERVAL_MS))) throw new AppError('rate.limited');
      const member = await repo.selectMemberByAccount(this.db, ctx.merchantCode, body.username.trim());
      const email = body.email.trim().toLowerCase();
      const matches =
        member?.email &&
        member.email_verified_at !== null &&
        member.email.toLowerCase() === email &&
        member.password_hash !== null &&
        member.agent_type !== TRIAL_TYPE;
      if (
        member &&
        matches &&
        (await takeTurn(this.db, 'forgot-password:member', String(member.id), RESET_MAIL_INTERVAL_MS)) &&
        (await takeTurn(this.db, 'forgot-password:email', `${ctx.merchantCode}:${email}`, RESET_MAIL_INTERVAL_MS))
      ) {
        const token = randomBytes(32).toString('base64url');
        await repo.insertGrant(this.db, {
          tokenHash: hashToken(token),
          memberId: member.id,
          purpose: 'reset',
          expiresAt: new Date(Date.now() + RESET_GRANT_TTL_MS),
        });
        const mail = {
          merchantCode: ctx.merchantCode,
          to: member.email as string,
          subject: playerMessage(ctx.language, 'reset_link_subject', { brand: ctx.settings.product.brand.name }),
          text: [
            playerMessage(ctx.language, 'reset_link_asked', { account: member.account }),
            playerMessage(ctx.language, 'reset_link_open', {
              minutes: RESET_GRANT_TTL_MS / 60_000,
              link: resetLink(ctx.settings, token),
            }),
            playerMessage(ctx.language, 'reset_link_ignore', {}),
          ].join('\n'),
        };
        this.background.start('password reset mail', () => this.mailer.send(mail));
      }
      return { messageKey: 'in_been_out' };
    });
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

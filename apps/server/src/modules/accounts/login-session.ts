import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@tessera/contract/api/accounts';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import type { LoginVerificationService } from '../login-verification/service.js';
import { assertMayLogin } from '../responsible-gaming/service.js';
import { endSession, hashToken, startSession } from '../sessions/service.js';
import * as repo from './repo.js';

export const CHANGE_GRANT_TTL_MS = 10 * 60_000;

export interface RequestContext {
  merchantCode: string;
  ip: string;
  settings: Settings;
  /** The language of what is sent to the player (SMS, mail): the one the request asks for, if the site has it. */
  language: string;
  /** Browser and system the request came from, for the member's sign-in history. */
  device?: string | null;
}

/** The end of every way in (password, SMS code, registration, free play): the session itself. */
export class LoginSessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly verification?: LoginVerificationService,
  ) {}

  /** Opens the session (ending any other), records the login and, when a change is forced, issues the grant. */
  async start(
    ctx: RequestContext,
    memberId: bigint,
    password: { passwordExpired: boolean; mustChange: boolean },
    trxOuter?: Kysely<Database>,
  ): Promise<LoginResult> {
    const work = async (trx: Kysely<Database>): Promise<LoginResult> => {
      const member = await repo.lockMember(trx, memberId);
      if (!member) throw new AppError('login.invalid');
      await assertMayLogin(trx, ctx.merchantCode, memberId); // time-out / self-exclusion (responsible gaming)
      const token = await startSession(trx, { memberId, merchantCode: ctx.merchantCode, ip: ctx.ip, device: ctx.device });
      await repo.recordLogin(trx, memberId, ctx.ip);
      await this.verification?.rememberAddress(trx, memberId, ctx.ip); // the address is now known
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

  async end(session: SessionPrincipal): Promise<void> {
    await endSession(this.db, session.tokenHash, 'logout');
  }
}

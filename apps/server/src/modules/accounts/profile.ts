import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { Settings } from '@tessera/contract/settings';
import { NICKNAME_BOUNDS, nicknameProblem } from '@tessera/contract/validation/nickname';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';
import * as repo from './repo.js';

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** What a logged-in member sets about themselves outside the security centre: nickname and site language. */
export class MemberProfileService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The first-login step's nickname (spec §4). Unique per merchant regardless of case, because other players
   * see it (winner boards, chat): one player must not pass for another. A trial account has none to choose.
   */
  async setNickname(session: SessionPrincipal, raw: string): Promise<{ nickname: string }> {
    const problem = nicknameProblem(raw);
    if (problem) {
      const params: Record<string, number> =
        problem === 'validation.required' ? {} : { min: NICKNAME_BOUNDS.min, max: NICKNAME_BOUNDS.max };
      throw new AppError('request.invalid', { fields: [fieldError('nickname', problem, params)] });
    }
    const member = await this.member(session);
    if (member.agent_type === TRIAL_TYPE) throw new AppError('in_need_true_account');
    const nickname = raw.trim();
    try {
      await repo.updateNickname(this.db, member.id, nickname);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('member.nickname.taken');
      throw error;
    }
    return { nickname };
  }

  /** Spec 7.1 "language update on change": kept on the member for what the server writes to them later. */
  async setLanguage(settings: Settings, session: SessionPrincipal, language: string): Promise<void> {
    const supported = settings.product.supportLanguages;
    if (!supported.includes(language)) {
      throw new AppError('request.invalid', {
        fields: [fieldError('language', 'validation.one_of', { allowed: supported.join(', ') })],
      });
    }
    await repo.updateLanguage(this.db, (await this.member(session)).id, language);
  }

  private async member(session: SessionPrincipal) {
    const member = await repo.selectMemberById(this.db, session.memberId);
    if (!member || member.merchant_code !== session.merchantCode) throw new AppError('login.not.session');
    return member;
  }
}

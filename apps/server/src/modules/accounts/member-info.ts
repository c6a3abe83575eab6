import { type MemberInfo, TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { maskMobile } from '../../platform/masking.js';
import type { MemberContact } from '../login-verification/methods.js';
import { nationalDigits } from '../sms/mobile-number.js';
import * as repo from './repo.js';

/** The member of a session; login.not.session when the account is gone or of another merchant. */
export async function sessionMember(db: Kysely<Database>, session: SessionPrincipal): Promise<repo.MemberRow> {
  const member = await repo.selectMemberById(db, session.memberId);
  if (!member || member.merchant_code !== session.merchantCode) throw new AppError('login.not.session');
  return member;
}

/** A member's rank label, from the VIP module (composed in services.ts). */
export type RankOf = (merchant: string, memberId: bigint) => Promise<{ rankLevel: number; labelName: string }>;

const NO_RANKS: RankOf = async () => ({ rankLevel: 0, labelName: 'VIP0' });

/** What a member's own pages and other modules read about an account. */
export class MemberInfoService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rankOf: RankOf = NO_RANKS,
  ) {}

  async info(session: SessionPrincipal): Promise<MemberInfo> {
    const member = await sessionMember(this.db, session);
    const rank = await this.rankOf(member.merchant_code, member.id);
    return {
      id: Number(member.id),
      account: member.account,
      nickname: member.nickname,
      type: member.agent_type,
      toUpline: member.parent_id !== null,
      clubLabel: { labelName: rank.labelName, rankLevel: rank.rankLevel },
      memberLabel: [],
      regDate: member.created_at.getTime(),
      // As the player writes it at home (trunk prefix included), the country code being implied.
      mobile: maskMobile(
        member.mobile && member.dial_code ? nationalDigits({ dialCode: member.dial_code, mobile: member.mobile }) : member.mobile,
      ),
    };
  }

  async avatar(session: SessionPrincipal) {
    const member = await sessionMember(this.db, session);
    return { avatar: member.avatar, avatarType: member.avatar_type };
  }

  /**
   * Spec §5 gated actions (deposit, withdrawal, transfers, members centre, agent centre, promotion claims):
   * a trial account (agent type 4) is refused with in_need_true_account. Other modules call this first.
   */
  async assertRealAccount(session: SessionPrincipal): Promise<void> {
    if ((await sessionMember(this.db, session)).agent_type === TRIAL_TYPE) throw new AppError('in_need_true_account');
  }

  /** When the member joined and their VIP rank level: who a message to a level or to everyone reaches. */
  async standing(merchantCode: string, memberId: bigint): Promise<{ joinedAt: Date; vipLevel: number } | null> {
    const member = await repo.selectMemberById(this.db, memberId);
    if (!member || member.merchant_code !== merchantCode) return null;
    const rank = await this.rankOf(merchantCode, memberId);
    return { joinedAt: member.created_at, vipLevel: rank.rankLevel };
  }

  /** Where a login verification code may go. */
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
}

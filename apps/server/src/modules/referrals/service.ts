import { randomInt } from 'node:crypto';
import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { Referral, ReferralProgramme, ReferredFriend } from '@tessera/contract/api/promotions';
import type { ReferralState } from '@tessera/contract/routes/promotions';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { isTrialMember } from '../games/accounts.js';
import type { ApprovedDeposit, Language, PromotionsService } from '../promotions/service.js';
import { textOf } from '../promotions/views.js';
import * as repo from './repo.js';

type Trx = Transaction<Database>;
type Programme = NonNullable<Awaited<ReturnType<typeof repo.selectOpenProgramme>>>;

/** Letters and digits that cannot be mistaken for each other when read aloud or typed from a screenshot. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const FRIENDS_SHOWN = 200;

const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A friend's account as the referrer sees it: the first and last characters only. */
export function maskAccount(account: string): string {
  if (account.length <= 2) return `${account[0] ?? ''}***`;
  return `${account[0]}***${account[account.length - 1]}`;
}

/** Whether what the friend has done meets the programme's trigger. */
export function meetsTrigger(programme: Programme, progress: { deposited: boolean; validBet: bigint }): boolean {
  const betsMet = programme.referral_valid_bet_minor !== null && progress.validBet >= programme.referral_valid_bet_minor;
  if (programme.referral_trigger === 'first_deposit') return progress.deposited;
  if (programme.referral_trigger === 'valid_bet') return betsMet;
  return progress.deposited && betsMet;
}

const CLAIM_STATES: Record<string, ReferralState> = {
  joined: 'applying',
  applying: 'applying',
  rejected: 'rejected',
};

/**
 * Member referral (docs/decisions.md "Promotions"): each member's code, the sign-ups through it, and the
 * referrer's reward when a friend meets the open referral programme's trigger — a claim of that programme paid
 * through the promotions service, once per friend (the referral row's lock, and one claim per referral). A reward
 * earned while another bonus of the referrer's runs waits and is paid when the referrer next opens the page.
 */
export class ReferralsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly promotions: PromotionsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The member's code, made on first use. */
  async codeOf(merchant: string, memberId: bigint): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const known = await repo.selectCode(this.db, memberId);
      if (known) return known;
      if ((await repo.insertCode(this.db, merchant, memberId, newCode())) || attempt >= 4) {
        const made = await repo.selectCode(this.db, memberId);
        if (made) return made;
        throw new Error('referral code could not be stored');
      }
    }
  }

  /** The member a code refers to, or null when it is no member's referral code. */
  async referrerOf(merchant: string, code: string): Promise<bigint | null> {
    const row = await repo.selectReferrer(this.db, merchant, code.trim().toUpperCase(), TRIAL_TYPE);
    return row?.id ?? null;
  }

  /** Registration's hook, in its transaction: the new member signed up through the referrer's code. */
  async onRegistered(trx: Trx, sign: { merchant: string; memberId: bigint; referrerId: bigint; code: string }) {
    await repo.insertReferral(trx, {
      merchant: sign.merchant,
      referrerId: sign.referrerId,
      refereeId: sign.memberId,
      code: sign.code.trim().toUpperCase(),
    });
  }

  /** The deposits module's approval hook, in the approval's transaction: a referred friend's deposit may earn the reward. */
  async onDepositApproved(trx: Trx, deposit: ApprovedDeposit): Promise<void> {
    const referral = await repo.lockReferralOf(trx, deposit.memberId);
    if (!referral || referral.earned_at !== null) return;
    const programme = await repo.selectOpenProgramme(trx, deposit.merchant, this.now());
    if (programme?.referral_trigger === 'valid_bet' || !programme) return;
    await this.earnIn(trx, referral, programme);
  }

  /** The referral page: code, programme, friends and rewards; friends' valid bets are checked and due rewards paid first. */
  async view(merchant: string, memberId: bigint, language: Language): Promise<Referral> {
    if (await isTrialMember(this.db, merchant, memberId)) throw new AppError('in_need_true_account');
    const code = await this.codeOf(merchant, memberId);
    const programme = await repo.selectOpenProgramme(this.db, merchant, this.now());
    if (programme && programme.referral_trigger !== 'first_deposit') {
      for (const refereeId of await repo.selectWaitingReferrals(this.db, merchant, memberId)) {
        await this.db.transaction().execute(async (trx) => {
          const referral = await repo.lockReferralOf(trx, refereeId);
          if (referral?.earned_at === null) await this.earnIn(trx, referral, programme);
        });
      }
    }
    await this.payDue(merchant, memberId);
    const friends = await repo.selectFriends(this.db, merchant, memberId, FRIENDS_SHOWN);
    return {
      code,
      programme: programme ? programmeView(programme, language) : null,
      rewardsMinor: friends
        .filter((friend) => stateOf(friend) === 'rewarded')
        .reduce((sum, friend) => sum + (friend.bonus_minor ?? 0n), 0n)
        .toString(),
      friends: friends.map(friendView),
    };
  }

  /** Marks the friend's reward earned when they meet the programme's trigger, and pays it (or leaves it due). */
  private async earnIn(trx: Trx, referral: repo.ReferralRow, programme: Programme): Promise<void> {
    const progress = await repo.selectProgress(
      trx,
      referral.merchant_code,
      referral.referee_id,
      programme.min_deposit_minor ?? 0n,
    );
    if (!meetsTrigger(programme, progress)) return;
    await repo.markEarned(trx, referral.id, programme.id, this.now());
    await this.promotions.payReferralReward(trx, {
      merchant: referral.merchant_code,
      referrerId: referral.referrer_id,
      refereeId: referral.referee_id,
      referralId: referral.id,
      promotionId: programme.id,
    });
  }

  /** Pays the referrer's rewards that waited for another bonus to end, oldest first, until one is blocked again. */
  private async payDue(merchant: string, referrerId: bigint): Promise<void> {
    for (const id of await repo.selectDueReferrals(this.db, merchant, referrerId)) {
      const outcome = await this.db.transaction().execute(async (trx) => {
        const referral = await repo.lockReferral(trx, id);
        if (!referral?.promotion_id) return 'refused';
        return this.promotions.payReferralReward(trx, {
          merchant,
          referrerId,
          refereeId: referral.referee_id,
          referralId: referral.id,
          promotionId: referral.promotion_id,
        });
      });
      if (outcome === 'blocked') return;
    }
  }
}

function stateOf(friend: repo.FriendRow): ReferralState {
  if (friend.claim_state === null) return friend.earned_at === null ? 'registered' : 'earned';
  return CLAIM_STATES[friend.claim_state] ?? 'rewarded';
}

function friendView(friend: repo.FriendRow): ReferredFriend {
  const state = stateOf(friend);
  return {
    account: maskAccount(friend.account),
    registeredAt: friend.created_at.getTime(),
    deposited: friend.deposited,
    validBetMinor: friend.valid_bet.toString(),
    state,
    rewardMinor: state === 'rewarded' && friend.bonus_minor !== null ? friend.bonus_minor.toString() : null,
  };
}

function programmeView(programme: Programme, language: Language): ReferralProgramme {
  const text = textOf(programme, language.requested, language.fallback);
  return {
    promotionId: programme.id.toString(),
    title: text.title,
    body: text.body,
    trigger: programme.referral_trigger ?? 'first_deposit',
    minDepositMinor: programme.min_deposit_minor === null ? null : programme.min_deposit_minor.toString(),
    validBetMinor: programme.referral_valid_bet_minor === null ? null : programme.referral_valid_bet_minor.toString(),
    rewardMinor: (programme.fixed_bonus_minor ?? 0n).toString(),
    wageringMultiplier: programme.wagering_multiplier,
    endTime: programme.ends_at?.getTime() ?? null,
  };
}

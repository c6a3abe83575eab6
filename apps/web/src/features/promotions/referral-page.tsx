import { useQuery } from '@tanstack/react-query';
import type { ReferralProgramme, ReferredFriend } from '@tessera/contract/api/promotions';
import type { ReferralState } from '@tessera/contract/routes/promotions';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useMoney } from '../../lib/use-money';
import { EmptyState } from '../../ui/empty-state';
import { InviteCard } from '../../ui/invite-card';
import { ListStates } from '../../ui/list-page/list-states';
import { referralQuery } from './api/promotions';

const STATE_KEYS: Record<ReferralState, ParseKeys> = {
  registered: 'promotions.referral.state.registered',
  earned: 'promotions.referral.state.earned',
  applying: 'promotions.referral.state.applying',
  rewarded: 'promotions.referral.state.rewarded',
  rejected: 'promotions.referral.state.rejected',
};
const STATE_CLASS: Record<ReferralState, string> = {
  registered: 'bg-slate-700 text-slate-200',
  earned: 'bg-amber-400/20 text-amber-200',
  applying: 'bg-sky-400/15 text-sky-200',
  rewarded: 'bg-emerald-400/15 text-emerald-200',
  rejected: 'bg-rose-400/15 text-rose-200',
};

/** The sign-up link a friend opens: the register popup reads `referralCode` from it. */
export const referralLink = (code: string) => `${window.location.origin}/register?referralCode=${encodeURIComponent(code)}`;

/** What a friend must do and what the referrer receives, in one sentence each. */
function Programme({ programme }: { programme: ReferralProgramme }) {
  const { t } = useTranslation();
  const money = useMoney();
  const reward = money.format(programme.rewardMinor);
  const deposit = money.format(programme.minDepositMinor ?? '0');
  const bets = money.format(programme.validBetMinor ?? '0');
  const task =
    programme.trigger === 'first_deposit'
      ? t('promotions.referral.task.first_deposit', { deposit })
      : programme.trigger === 'valid_bet'
        ? t('promotions.referral.task.valid_bet', { bets })
        : t('promotions.referral.task.both', { deposit, bets });
  return (
    <section
      className="flex flex-col gap-1 rounded-xl border border-amber-400/40 bg-amber-950/20 p-4"
      data-testid="referral-programme"
    >
      <h3 className="font-semibold text-amber-100">{programme.title}</h3>
      <p className="text-sm text-slate-200">{task}</p>
      <p className="text-sm text-slate-200">
        {programme.wageringMultiplier === 0
          ? t('promotions.referral.reward_cash', { reward })
          : t('promotions.referral.reward_bonus', { reward, times: programme.wageringMultiplier })}
      </p>
    </section>
  );
}

function FriendRow({ friend, programme }: { friend: ReferredFriend; programme: ReferralProgramme | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const needsBets = programme !== null && programme.trigger !== 'first_deposit' && programme.validBetMinor !== null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-slate-800 bg-slate-900/60 p-3 text-sm">
      <span className="flex min-w-0 flex-col">
        <span className="font-mono text-slate-100" data-testid="referral-friend">
          {friend.account}
        </span>
        <span className="text-xs text-slate-400">
          {t('promotions.referral.signed_up', { date: formatDate(friend.registeredAt) })}
        </span>
      </span>
      <span className="flex flex-col text-xs text-slate-300">
        <span>{friend.deposited ? t('promotions.referral.deposited') : t('promotions.referral.not_deposited')}</span>
        {needsBets && (
          <span>
            {t('promotions.referral.bets_of', {
              bets: money.format(friend.validBetMinor),
              required: money.format(programme.validBetMinor ?? '0'),
            })}
          </span>
        )}
      </span>
      <span className="flex items-center gap-2">
        {friend.rewardMinor !== null && <span className="text-emerald-200">{money.format(friend.rewardMinor)}</span>}
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[friend.state]}`}
          data-state={friend.state}
        >
          {t(STATE_KEYS[friend.state])}
        </span>
      </span>
    </li>
  );
}

/**
 * Members-centre page `referral` ("invite friends"): the member's code and link with a QR code, the open referral
 * programme, and the friends who signed up through the link (masked) with their progress and the rewards earned.
 */
export default function ReferralPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const token = useSession((state) => state.token);
  const referral = useQuery(referralQuery(token, i18n.language));
  return (
    <ListStates query={referral} isEmpty={() => false} empty={null}>
      {(data) => (
        <div className="flex flex-col gap-4">
          {data.programme ? (
            <Programme programme={data.programme} />
          ) : (
            <p className="text-sm text-slate-400">{t('promotions.referral.no_programme')}</p>
          )}
          <InviteCard
            code={data.code}
            link={referralLink(data.code)}
            labels={{
              qr: t('promotions.referral.qr_label'),
              code: t('promotions.referral.code'),
              link: t('promotions.referral.link'),
              copy: t('promotions.referral.copy'),
              copied: t('promotions.referral.copied'),
            }}
          />
          <section className="flex flex-col gap-2" aria-labelledby="referral-friends">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="referral-friends" className="font-semibold text-slate-100">
                {t('promotions.referral.friends', { count: data.friends.length })}
              </h3>
              <p className="text-sm text-slate-300" data-testid="referral-rewards">
                {t('promotions.referral.rewards', { amount: money.format(data.rewardsMinor) })}
              </p>
            </div>
            {data.friends.length === 0 ? (
              <EmptyState title={t('promotions.referral.empty')} text={t('promotions.referral.empty_text')} />
            ) : (
              <ul className="flex flex-col gap-2">
                {data.friends.map((friend) => (
                  <FriendRow key={`${friend.account}-${friend.registeredAt}`} friend={friend} programme={data.programme} />
                ))}
              </ul>
            )}
            {data.friends.some((friend) => friend.state === 'earned') && (
              <p className="text-xs text-slate-400">{t('promotions.referral.earned_note')}</p>
            )}
          </section>
        </div>
      )}
    </ListStates>
  );
}

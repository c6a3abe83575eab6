import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RewardItem } from '@tessera/contract/api/missions';
import { formatMinor } from '@tessera/contract/money-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { claimReward, rewardCentreQuery } from '../../lib/missions';
import { claimRafflePrize } from '../../lib/raffles';
import { useSession } from '../../lib/session';
import { useMoney } from '../../lib/use-money';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ListStates } from '../../ui/list-page/list-states';

const keyOf = (reward: RewardItem) => `${reward.source}/${reward.id}/${reward.periodStart ?? ''}`;

/**
 * Members-centre page `rewardCenter` (spec §2.4): everything the member can claim now — completed missions' rewards,
 * promotions open to claim, raffle prizes won and the rebate on valid bets — soonest expiry first, each with its claim
 * button.
 */
export default function RewardCentrePage() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const rewards = useQuery(rewardCentreQuery(token));
  const queryClient = useQueryClient();
  const money = useMoney();
  const [done, setDone] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: async (reward: RewardItem): Promise<RewardItem> => {
      // A raffle prize is claimed by the raffle's own call (spec §7.4), the one its page uses.
      if (reward.source === 'raffle') {
        await claimRafflePrize(reward.id);
        return reward;
      }
      const answer = await claimReward({
        source: reward.source,
        id: reward.id,
        ...(reward.periodStart ? { periodStart: reward.periodStart } : {}),
      });
      return answer.claimed;
    },
    onSuccess: (claimed) => {
      setDone(titleOf(claimed));
      void queryClient.invalidateQueries({ queryKey: ['rewards'] });
      void queryClient.invalidateQueries({ queryKey: ['points'] });
      if (claimed.rewardType === 'cash') void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      if (claimed.source === 'rebate') void queryClient.invalidateQueries({ queryKey: ['cashback'] });
      if (claimed.source === 'raffle') void queryClient.invalidateQueries({ queryKey: ['promotions'] });
    },
  });
  /** The rebate is named in the member's language here; missions and promotions come named by the server. */
  const titleOf = (reward: RewardItem) => (reward.source === 'rebate' ? t('reward_centre.rebate_title') : reward.title);
  const amountOf = (reward: RewardItem) =>
    reward.amount === null
      ? t('reward_centre.bonus_varies')
      : reward.rewardType === 'points'
        ? t('missions.reward_points', { points: formatMinor(reward.amount, 0, i18n.language) })
        : reward.rewardType === 'cash'
          ? t('reward_centre.cash', { amount: money.format(reward.amount) })
          : t('missions.reward_bonus', { amount: money.format(reward.amount) });

  return (
    <div className="flex flex-col gap-4" data-testid="reward-centre">
      <h2 className="text-lg font-semibold text-slate-50">{t('reward_centre.title')}</h2>
      <div aria-live="polite">
        {done && (
          <p role="status" className="rounded-lg bg-emerald-500/10 px-3 py-2 text-sm text-emerald-300">
            {t('reward_centre.claimed', { title: done })}
          </p>
        )}
        {claim.isError && (
          <p role="alert" className="rounded-lg bg-rose-500/10 px-3 py-2 text-sm text-rose-300">
            {t(errorMessageKey(claim.error))}
          </p>
        )}
      </div>
      <ListStates
        query={rewards}
        isEmpty={(data) => data.list.length === 0}
        empty={<EmptyState title={t('reward_centre.empty')} text={t('reward_centre.empty_hint')} />}
      >
        {(data) => (
          <ul className="flex flex-col gap-3" aria-label={t('reward_centre.list')}>
            {data.list.map((reward) => (
              <li
                key={keyOf(reward)}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4"
                data-testid="reward"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="text-xs text-slate-400">{t(`reward_centre.source.${reward.source}`)}</span>
                  <h3 className="font-semibold text-slate-100">{titleOf(reward)}</h3>
                  <p className="text-sm font-semibold text-amber-300">{amountOf(reward)}</p>
                  <p className="text-xs text-slate-400">
                    {reward.expiresAt === null
                      ? t('reward_centre.no_expiry')
                      : t('reward_centre.expires', { time: formatDateTime(reward.expiresAt, i18n.language) })}
                  </p>
                </div>
                <Button
                  onClick={() => claim.mutate(reward)}
                  disabled={claim.isPending}
                  aria-label={t('reward_centre.claim_named', { title: titleOf(reward) })}
                >
                  {t('reward_centre.claim')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}

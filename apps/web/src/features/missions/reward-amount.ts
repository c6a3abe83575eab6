import { formatMinor } from '@tessera/contract/money-format';
import type { MissionRewardType } from '@tessera/contract/routes/loyalty';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/use-money';

/** A reward as the member reads it: "50 points" or "৳ 3.00 bonus", in the page's language and digits. */
export function usePointsOrMoney() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  return (type: MissionRewardType, amount: string) =>
    type === 'points'
      ? t('missions.reward_points', { points: formatMinor(amount, 0, i18n.language) })
      : t('missions.reward_bonus', { amount: money.format(amount) });
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { useMoney } from '../../lib/use-money';
import { activeBonusQuery } from './api/promotions';

/**
 * The withdrawal form's warning while a bonus is being wagered: exactly what a withdrawal now forfeits, and the
 * box the member ticks to confirm it (the server refuses the withdrawal without it).
 */
export function BonusForfeitNotice({ confirmed, onConfirm }: { confirmed: boolean; onConfirm: (value: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const token = useSession((state) => state.token);
  const running = useQuery(activeBonusQuery(token, i18n.language));
  const bonus = running.data?.bonus;
  if (!bonus) return null;
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-rose-500/50 bg-rose-950/40 p-3 text-sm text-rose-50 sm:col-span-2"
      data-testid="bonus-forfeit-warning"
      role="note"
    >
      <p>
        {t('promotions.forfeit.warning', {
          title: bonus.title,
          amount: money.format(bonus.balanceMinor),
          wagered: money.format(bonus.wageredMinor),
          required: money.format(bonus.requiredMinor),
        })}
      </p>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={confirmed}
          onChange={(event) => onConfirm(event.target.checked)}
          className="size-5 accent-rose-400"
          data-testid="bonus-forfeit-confirm"
        />
        {t('promotions.forfeit.confirm', { amount: money.format(bonus.balanceMinor) })}
      </label>
    </div>
  );
}

import type { BonusProgress } from '@tessera/contract/api/promotions';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/use-money';

const HOUR_MS = 3600_000;

/** "2 d 5 h", "3 h", or "< 1 h" left; null once past. */
function timeLeft(expiresAt: number | null, now: number): { days: number; hours: number } | null {
  if (expiresAt === null || expiresAt <= now) return null;
  const hours = Math.floor((expiresAt - now) / HOUR_MS);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** A bonus's wagering: wagered of required as a bar and in figures, the bonus balance, and the time left. */
export function BonusProgressCard({ bonus, now = Date.now() }: { bonus: BonusProgress; now?: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const required = BigInt(bonus.requiredMinor);
  const wagered = BigInt(bonus.wageredMinor);
  const percent = required === 0n ? 100 : Math.min(100, Number((wagered * 100n) / required));
  const left = timeLeft(bonus.expiresAt, now);
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-indigo-400/40 bg-indigo-950/30 p-4"
      data-testid="bonus-progress"
    >
      <h3 className="font-semibold text-slate-100">{bonus.title}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-slate-400">{t('promotions.bonus.amount')}</dt>
        <dd className="text-slate-100">{money.format(bonus.bonusMinor)}</dd>
        <dt className="text-slate-400">{t('promotions.bonus.balance')}</dt>
        <dd className="text-slate-100" data-testid="bonus-balance">
          {money.format(bonus.balanceMinor)}
        </dd>
        {bonus.maxBetMinor !== null && (
          <>
            <dt className="text-slate-400">{t('promotions.bonus.max_bet')}</dt>
            <dd className="text-slate-100">{money.format(bonus.maxBetMinor)}</dd>
          </>
        )}
        {bonus.convertedMinor !== null && (
          <>
            <dt className="text-slate-400">{t('promotions.bonus.converted')}</dt>
            <dd className="text-emerald-200" data-testid="bonus-converted">
              {money.format(bonus.convertedMinor)}
            </dd>
          </>
        )}
      </dl>
      <div className="flex flex-col gap-1">
        <div className="flex justify-between text-xs text-slate-300">
          <span>{t('promotions.bonus.wagering')}</span>
          <span data-testid="bonus-wagering">
            {t('promotions.bonus.wagered_of', {
              wagered: money.format(bonus.wageredMinor),
              required: money.format(bonus.requiredMinor),
            })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('promotions.bonus.wagering')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-800"
        >
          <div className="h-full rounded-full bg-amber-400" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {bonus.convertedMinor === null && bonus.expiresAt !== null && (
        <p className="text-xs text-slate-400">
          {left
            ? t('promotions.bonus.time_left', { days: left.days, hours: left.hours, at: formatDateTime(bonus.expiresAt) })
            : t('promotions.bonus.expired_at', { at: formatDateTime(bonus.expiresAt) })}
        </p>
      )}
    </section>
  );
}

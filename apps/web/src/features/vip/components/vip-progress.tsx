import type { VipProgress } from '@tessera/contract/api/loyalty';
import { localDigits } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/use-money';

/** The member's level, what the window has counted, and the bar to the next level. */
export function VipProgressCard({ progress, windowDays }: { progress: VipProgress; windowDays: number }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const next = progress.next;
  return (
    <section
      aria-labelledby="vip-mine"
      className="flex flex-col gap-3 rounded-2xl border border-amber-400/40 bg-gradient-to-br from-amber-400/10 to-slate-900 p-4"
      data-testid="vip-progress"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="vip-mine" className="text-lg font-semibold text-slate-50">
          {t('vip.my_level')}{' '}
          <strong className="text-2xl text-amber-300" data-testid="vip-level">
            {localDigits(progress.labelName, i18n.language)}
          </strong>
        </h2>
        <span className="text-xs text-slate-400">{t('vip.since', { time: formatDateTime(progress.since) })}</span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-400">{t('vip.window_bets', { days: windowDays })}</dt>
          <dd className="font-semibold tabular-nums text-slate-100">{money.format(progress.validBetMinor)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">{t('vip.window_deposits', { days: windowDays })}</dt>
          <dd className="font-semibold tabular-nums text-slate-100">{money.format(progress.depositsMinor)}</dd>
        </div>
      </dl>
      {next ? (
        <div className="flex flex-col gap-1">
          <div className="flex justify-between text-sm text-slate-300">
            <span>{t('vip.to_next', { level: localDigits(next.labelName, i18n.language) })}</span>
            <span className="tabular-nums">{next.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('vip.to_next', { level: localDigits(next.labelName, i18n.language) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={next.percent}
            className="h-2 overflow-hidden rounded-full bg-slate-800"
          >
            <div className="h-full rounded-full bg-amber-400" style={{ width: `${next.percent}%` }} />
          </div>
          <p className="text-xs text-slate-400">
            {next.validBetShortMinor !== '0' && t('vip.short_bets', { amount: money.format(next.validBetShortMinor) })}{' '}
            {next.depositShortMinor !== '0' && t('vip.short_deposits', { amount: money.format(next.depositShortMinor) })}
          </p>
        </div>
      ) : (
        <p className="text-sm text-emerald-300">{t('vip.top_level')}</p>
      )}
      {progress.vipService && <p className="text-sm text-amber-200">{t('vip.service_line')}</p>}
    </section>
  );
}

import type { RebateProgress } from '@tessera/contract/api/promotions';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/use-money';

const LAST_STATE: Record<NonNullable<RebateProgress['last']>['state'], ParseKeys> = {
  paid: 'promotions.rebate.last_paid',
  waiting: 'promotions.rebate.last_waiting',
  refused: 'promotions.rebate.last_refused',
};

/** A loss rebate accruing: the net loss of the period so far, the rebate it would pay, when the period closes; the last one. */
export function RebateProgressCard({ rebate }: { rebate: RebateProgress }) {
  const { t } = useTranslation();
  const money = useMoney();
  const loss = BigInt(rebate.lossMinor);
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-emerald-400/40 bg-emerald-950/30 p-4"
      data-testid="rebate-progress"
      aria-labelledby="rebate-progress-title"
    >
      <h3 id="rebate-progress-title" className="font-semibold text-slate-100">
        {t('promotions.rebate.title')}
      </h3>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div className="flex justify-between gap-4 sm:flex-col sm:justify-start sm:gap-1">
          <dt className="text-slate-400">{t('promotions.rebate.loss')}</dt>
          <dd className="text-slate-100" data-testid="rebate-loss">
            {loss > 0n ? money.format(rebate.lossMinor) : t('promotions.rebate.no_loss')}
          </dd>
        </div>
        <div className="flex justify-between gap-4 sm:flex-col sm:justify-start sm:gap-1">
          <dt className="text-slate-400">{t('promotions.rebate.estimate')}</dt>
          <dd className="font-semibold text-emerald-200" data-testid="rebate-estimate">
            {money.format(rebate.estimateMinor)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 sm:flex-col sm:justify-start sm:gap-1">
          <dt className="text-slate-400">{t('promotions.rebate.closes')}</dt>
          <dd className="text-slate-100">{formatDateTime(rebate.periodEnd)}</dd>
        </div>
      </dl>
      {rebate.last && (
        <p className="text-sm text-slate-300" data-testid="rebate-last">
          {t(LAST_STATE[rebate.last.state], {
            amount: money.format(rebate.last.rebateMinor),
            loss: money.format(rebate.last.lossMinor),
            end: formatDateTime(rebate.last.periodEnd),
          })}
          {rebate.last.reason && ` ${t(`promotions.reason.${rebate.last.reason}`)}`}
        </p>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed, Loading } from '../../../ui/query-states';
import { profitQuery } from '../api/queries';
import { RangePresets } from './range-presets';
import { useRange } from './use-range';

const ProfitChart = lazy(() => import('./profit-chart'));
const RANGE_PARAM = 'prange';

/** Signed money: "+৳ 1.00" for a profit, "−৳ 1.00" for a loss. */
function useSignedMoney() {
  const money = useMoney();
  return (minor: string) => (minor.startsWith('-') ? `−${money.format(minor.slice(1))}` : `+${money.format(minor)}`);
}

/** Members-centre page `personalProfit`: real-money bets, wins and net result by day and category, with a chart. */
export default function ProfitPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const money = useMoney();
  const signed = useSignedMoney();
  const [params, setParams] = useSearchParams();
  const range = useRange(params.get(RANGE_PARAM));
  const profit = useQuery(profitQuery(token, { startTime: range.startTime, endTime: range.endTime }));
  const handleRange = (preset: string) =>
    setParams(
      (next) => {
        next.set(RANGE_PARAM, preset);
        return next;
      },
      { replace: true },
    );
  const tone = (minor: string) => (minor.startsWith('-') ? 'text-rose-300' : 'text-emerald-300');

  return (
    <div className="flex flex-col gap-4" data-testid="personal-profit">
      <h2 className="text-lg font-semibold text-slate-50">{t('profit.title')}</h2>
      <RangePresets value={range.preset} onChange={handleRange} />
      {profit.isPending ? (
        <Loading />
      ) : profit.isError ? (
        <LoadFailed onRetry={() => void profit.refetch()} />
      ) : profit.data.days.length === 0 ? (
        <EmptyState title={t('profit.empty')} text={t('profit.empty_hint')} />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2 rounded-2xl border border-slate-700 bg-slate-900 p-3 text-sm">
            <div>
              <dt className="text-xs text-slate-400">{t('profit.bet')}</dt>
              <dd className="font-semibold tabular-nums">{money.format(profit.data.totals.betMinor)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('profit.win')}</dt>
              <dd className="font-semibold tabular-nums">{money.format(profit.data.totals.winMinor)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('profit.net')}</dt>
              <dd className={`font-semibold tabular-nums ${tone(profit.data.totals.profitMinor)}`} data-testid="profit-net">
                {signed(profit.data.totals.profitMinor)}
              </dd>
            </div>
          </dl>
          <Suspense fallback={<div className="h-40" />}>
            <ProfitChart days={profit.data.days} range={range} format={signed} />
          </Suspense>
          <div className="overflow-x-auto rounded-2xl border border-slate-700">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('profit.table')}</caption>
              <thead className="bg-slate-900 text-xs text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t('profit.day')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t('profit.category')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-medium">
                    {t('profit.bet')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-medium">
                    {t('profit.win')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-medium">
                    {t('profit.net')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {profit.data.days.map((row) => (
                  <tr key={`${row.day}-${row.gameCategory}`}>
                    <td className="px-3 py-2 whitespace-nowrap">{row.day}</td>
                    <td className="px-3 py-2">{row.gameCategory}</td>
                    <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{money.format(row.betMinor)}</td>
                    <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{money.format(row.winMinor)}</td>
                    <td className={`px-3 py-2 text-end whitespace-nowrap tabular-nums ${tone(row.profitMinor)}`}>
                      {signed(row.profitMinor)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/list-page/data-table';
import { ListStates } from '../../../ui/list-page/list-states';
import { RangePresets } from '../../../ui/range-presets';
import { useCategoryName } from '../../catalogue/category-name';
import { profitQuery } from '../api/queries';
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
  const categoryName = useCategoryName();
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
      <ListStates
        query={profit}
        isEmpty={(data) => data.days.length === 0}
        empty={<EmptyState title={t('profit.empty')} text={t('profit.empty_hint')} />}
      >
        {(data) => (
          <>
            <dl className="grid grid-cols-3 gap-2 rounded-2xl border border-slate-700 bg-slate-900 p-3 text-sm">
              <div>
                <dt className="text-xs text-slate-400">{t('profit.bet')}</dt>
                <dd className="font-semibold tabular-nums">{money.format(data.totals.betMinor)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-400">{t('profit.win')}</dt>
                <dd className="font-semibold tabular-nums">{money.format(data.totals.winMinor)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-400">{t('profit.net')}</dt>
                <dd className={`font-semibold tabular-nums ${tone(data.totals.profitMinor)}`} data-testid="profit-net">
                  {signed(data.totals.profitMinor)}
                </dd>
              </div>
            </dl>
            <Suspense fallback={<div className="h-40" />}>
              <ProfitChart days={data.days} range={range} format={signed} />
            </Suspense>
            <DataTable
              caption={t('profit.table')}
              rows={data.days}
              rowKey={(row) => `${row.day}-${row.gameCategory}`}
              columns={[
                { key: 'day', header: t('profit.day'), cell: (row) => row.day, className: 'whitespace-nowrap' },
                { key: 'category', header: t('profit.category'), cell: (row) => categoryName(row.gameCategory) },
                { key: 'bet', header: t('profit.bet'), cell: (row) => money.format(row.betMinor), isNumeric: true },
                { key: 'win', header: t('profit.win'), cell: (row) => money.format(row.winMinor), isNumeric: true },
                {
                  key: 'net',
                  header: t('profit.net'),
                  cell: (row) => signed(row.profitMinor),
                  isNumeric: true,
                  className: (row) => tone(row.profitMinor),
                },
              ]}
            />
          </>
        )}
      </ListStates>
    </div>
  );
}

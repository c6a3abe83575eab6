import type { AnswerOf } from '@tessera/contract/api/call-types';
import * as routes from '@tessera/contract/routes/back-office-reports';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@tessera/contract/routes/back-office-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '../../lib/dates';
import { type Currency, formatCount, formatMinor, reportCurrency, toMajor } from '../../lib/money';
import { useCall } from '../../lib/use-call';
import { ErrorNotice, Loading } from '../../ui/states';

type Dashboard = AnswerOf<typeof routes.dashboard>;
type Figures = Dashboard['totals'];

const MONEY_FIGURES = ['depositAmount', 'withdrawalAmount', 'stake', 'payout', 'ggr'] as const;
const COUNT_FIGURES = ['bets', 'deposits', 'withdrawals', 'signUps', 'activePlayers', 'firstDepositors'] as const;

/** Today, 7 or 30 days at a glance: the totals, two charts by day and the requests waiting for an operator. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const [merchant, setMerchant] = useState('');
  const dashboard = useCall(routes.dashboard, { period, merchant: merchant || undefined });

  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      <div className="panel filters">
        <fieldset className="segmented">
          <legend>{t('dashboard.period')}</legend>
          {DASHBOARD_PERIODS.map((choice) => (
            <button
              key={choice}
              type="button"
              className={choice === period ? 'btn btn-primary' : 'btn'}
              aria-pressed={choice === period}
              onClick={() => setPeriod(choice)}
            >
              {t(`dashboard.periods.${choice}`)}
            </button>
          ))}
        </fieldset>
        <MerchantSelect value={merchant} merchants={dashboard.data?.merchants ?? []} onChange={setMerchant} />
      </div>
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <ErrorNotice error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardBody data={dashboard.data} />
      )}
    </section>
  );
}

export function MerchantSelect({
  value,
  merchants,
  onChange,
}: {
  value: string;
  merchants: string[];
  onChange: (merchant: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="merchant-filter">{t('reports.merchant')}</label>
      <select id="merchant-filter" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('reports.all_merchants')}</option>
        {merchants.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const currency = reportCurrency(data.currency);
  const quiet = data.days.every((day) => day.bets === 0 && day.deposits === 0 && day.withdrawals === 0 && day.signUps === 0);
  const chartDays = data.days.map((day) => ({
    day: day.day.slice(5),
    ggr: toMajor(day.ggr, currency.minorDigits),
    deposits: toMajor(day.depositAmount, currency.minorDigits),
    withdrawals: toMajor(day.withdrawalAmount, currency.minorDigits),
    activePlayers: day.activePlayers,
  }));
  return (
    <>
      <p className="lead" data-testid="dashboard-range">
        {t('dashboard.range', {
          from: data.fromDay,
          to: data.toDay,
          zone: data.timeZone,
          at: formatTime(data.asOf),
        })}
      </p>
      <div className="panel open-requests" data-testid="open-requests">
        <h2>{t('dashboard.open_requests')}</h2>
        <p>
          {t('dashboard.open_deposits', { count: data.openRequests.deposits })} ·{' '}
          {t('dashboard.open_withdrawals', { count: data.openRequests.withdrawals })}
        </p>
      </div>
      {data.currency === null && <p className="notice">{t('reports.mixed_currencies')}</p>}
      <Cards totals={data.totals} currency={currency} />
      {quiet ? (
        <p className="state">{t('dashboard.empty')}</p>
      ) : (
        <div className="charts">
          <figure className="panel chart">
            <figcaption>{t('dashboard.chart_money')}</figcaption>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={chartDays} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" stroke="#d7dce3" />
                <XAxis dataKey="day" stroke="#4a5565" />
                <YAxis stroke="#4a5565" width={80} />
                <Tooltip />
                <Legend />
                <Bar dataKey="deposits" name={t('figures.depositAmount')} fill="#1f6feb" />
                <Bar dataKey="withdrawals" name={t('figures.withdrawalAmount')} fill="#b35900" />
                <Bar dataKey="ggr" name={t('figures.ggr')} fill="#1a7f37" />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <figure className="panel chart">
            <figcaption>{t('dashboard.chart_players')}</figcaption>
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={chartDays} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" stroke="#d7dce3" />
                <XAxis dataKey="day" stroke="#4a5565" />
                <YAxis allowDecimals={false} stroke="#4a5565" width={48} />
                <Tooltip />
                <Line
                  type="monotone"
                  dataKey="activePlayers"
                  name={t('figures.activePlayers')}
                  stroke="#6639ba"
                  strokeWidth={2}
                />
              </LineChart>
            </ResponsiveContainer>
          </figure>
        </div>
      )}
    </>
  );
}

function Cards({ totals, currency }: { totals: Figures; currency: Currency }) {
  const { t } = useTranslation();
  return (
    <dl className="cards" data-testid="dashboard-cards">
      {MONEY_FIGURES.map((figure) => (
        <div key={figure} className="card" data-testid={`figure-${figure}`}>
          <dt>{t(`figures.${figure}`)}</dt>
          <dd>{formatMinor(totals[figure], currency)}</dd>
        </div>
      ))}
      {COUNT_FIGURES.map((figure) => (
        <div key={figure} className="card" data-testid={`figure-${figure}`}>
          <dt>{t(`figures.${figure}`)}</dt>
          <dd>{formatCount(totals[figure])}</dd>
        </div>
      ))}
    </dl>
  );
}

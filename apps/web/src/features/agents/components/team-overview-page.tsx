import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { DataTable } from '../../../ui/list-page/data-table';
import { ListStates } from '../../../ui/list-page/list-states';
import { RangePresets } from '../../../ui/range-presets';
import { overviewQuery } from '../api/queries';
import { useDayRange } from './range';

const TeamChart = lazy(() => import('./team-chart'));
const RANGE_PARAM = 'arange';

/** Signed money: "+P 1.00" for a profit, "−P 1.00" for a loss. */
function useSignedMoney() {
  const money = useMoney();
  return (minor: string) => (minor.startsWith('-') ? `−${money.format(minor.slice(1))}` : `+${money.format(minor)}`);
}

function Figure({ label, value, tone = '', testId }: { label: ParseKeys; value: string; tone?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-slate-700 bg-slate-900 p-3">
      <dt className="text-xs text-slate-400">{t(label)}</dt>
      <dd className={`mt-1 text-base font-semibold tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Agent-centre page `agentTeamOverview` (spec 2.5): the downline's size, money and bets over the chosen days. */
export default function TeamOverviewPage() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const money = useMoney();
  const signed = useSignedMoney();
  const [params, setParams] = useSearchParams();
  const range = useDayRange(params.get(RANGE_PARAM));
  const overview = useQuery(overviewQuery(token, { fromDay: range.fromDay, toDay: range.toDay }));
  const count = (value: number) => value.toLocaleString(i18n.language);
  const tone = (minor: string) => (minor.startsWith('-') ? 'text-rose-300' : 'text-emerald-300');

  return (
    <div className="flex flex-col gap-4" data-testid="team-overview">
      <h2 className="text-lg font-semibold text-slate-50">{t('agents.overview.title')}</h2>
      <RangePresets
        value={range.preset}
        onChange={(preset) =>
          setParams(
            (next) => {
              next.set(RANGE_PARAM, preset);
              return next;
            },
            { replace: true },
          )
        }
      />
      <ListStates query={overview} isEmpty={() => false} empty={null}>
        {(data) => (
          <>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <Figure label="agents.overview.team_size" value={count(data.teamSize)} testId="overview-team-size" />
              <Figure label="agents.overview.new_members" value={count(data.totals.newMembers)} testId="overview-new-members" />
              <Figure label="agents.overview.active_members" value={count(data.activeMembers)} />
              <Figure label="agents.overview.first_deposits" value={count(data.totals.firstDeposits)} />
              <Figure label="agents.overview.deposits" value={money.format(data.totals.deposits)} />
              <Figure label="agents.overview.withdrawals" value={money.format(data.totals.withdrawals)} />
              <Figure label="agents.overview.valid_bets" value={money.format(data.totals.validBets)} />
              <Figure label="agents.overview.profit" value={signed(data.totals.profit)} tone={tone(data.totals.profit)} />
            </dl>
            <Suspense fallback={<div className="h-40" />}>
              <TeamChart days={data.days} format={money.format} />
            </Suspense>
            <DataTable
              caption={t('agents.overview.table')}
              rows={data.days}
              rowKey={(row) => row.day}
              columns={[
                {
                  key: 'day',
                  header: t('agents.overview.day'),
                  cell: (row) => row.day,
                  className: 'whitespace-nowrap',
                  isRowHeader: true,
                },
                { key: 'new', header: t('agents.overview.new_members'), cell: (row) => count(row.newMembers), isNumeric: true },
                {
                  key: 'deposits',
                  header: t('agents.overview.deposits'),
                  cell: (row) => money.format(row.deposits),
                  isNumeric: true,
                },
                {
                  key: 'withdrawals',
                  header: t('agents.overview.withdrawals'),
                  cell: (row) => money.format(row.withdrawals),
                  isNumeric: true,
                },
                {
                  key: 'bets',
                  header: t('agents.overview.valid_bets'),
                  cell: (row) => money.format(row.validBets),
                  isNumeric: true,
                },
                {
                  key: 'profit',
                  header: t('agents.overview.profit'),
                  cell: (row) => signed(row.profit),
                  isNumeric: true,
                  className: (row) => tone(row.profit),
                },
              ]}
            />
            <p className="text-xs text-slate-400">{t('agents.overview.zone_note', { zone: data.timeZone })}</p>
          </>
        )}
      </ListStates>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { USER_PROFIT_SORTS } from '@tessera/contract/routes/agents';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/list-page/data-table';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { AGENT_REPORT_PAGE_SIZE, userProfitQuery } from '../api/queries';
import { AccountSearch, inputClass, RangeBar, Totals, toneOf, useReportParams, useSignedMoney } from './report-kit';

const PARAM = { page: 'ppage', q: 'pq', sort: 'psort', order: 'porder' } as const;
type Sort = (typeof USER_PROFIT_SORTS)[number];
const isSort = (value: string | null): value is Sort => USER_PROFIT_SORTS.includes(value as Sort);

/**
 * Agent-centre page `agentUserProfit` (spec 2.5): per member of the team in the chosen days, their deposits,
 * withdrawals, valid bets, win/loss and bonuses, sorted and paged on the server, with the range's totals.
 */
export default function UserProfitPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const money = useMoney();
  const signed = useSignedMoney();
  const report = useReportParams(PARAM.page);
  const rawSort = report.params.get(PARAM.sort);
  const sort: Sort = isSort(rawSort) ? rawSort : 'validBets';
  const order = report.params.get(PARAM.order) === 'asc' ? 'asc' : 'desc';
  const q = report.params.get(PARAM.q) ?? '';
  const profit = useQuery(
    userProfitQuery(token, { fromDay: report.range.fromDay, toDay: report.range.toDay, q, sort, order, page: report.page }),
  );

  return (
    <div className="flex flex-col gap-4" data-testid="user-profit">
      <h2 className="text-lg font-semibold text-slate-50">{t('agents.profit.title')}</h2>
      <RangeBar report={report} />
      <AccountSearch
        key={q}
        id="profit-search"
        value={q}
        onSearch={(typed) => report.update({ [PARAM.q]: typed || null })}
        label="agents.profit.search_label"
        placeholder="agents.profit.search_placeholder"
        submit="agents.profit.search"
      />
      <div className="grid grid-cols-2 gap-2 sm:max-w-md">
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('agents.profit.sort')}
          <select
            className={inputClass}
            value={sort}
            onChange={(event) => report.update({ [PARAM.sort]: event.target.value === 'validBets' ? null : event.target.value })}
          >
            {USER_PROFIT_SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`agents.profit.sorts.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('agents.profit.order')}
          <select
            className={inputClass}
            value={order}
            onChange={(event) => report.update({ [PARAM.order]: event.target.value === 'desc' ? null : event.target.value })}
          >
            {(['desc', 'asc'] as const).map((option) => (
              <option key={option} value={option}>
                {t(`agents.profit.orders.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListStates
        query={profit}
        isEmpty={(data) => data.rows.length === 0 && data.total === 0}
        empty={<EmptyState title={t('agents.profit.empty')} text={t('agents.profit.empty_hint')} />}
      >
        {(data) => (
          <>
            <Totals
              label="agents.profit.totals"
              figures={[
                { label: 'agents.profit.deposits', value: money.format(data.totals.deposits) },
                { label: 'agents.profit.withdrawals', value: money.format(data.totals.withdrawals) },
                { label: 'agents.profit.valid_bets', value: money.format(data.totals.validBets) },
                { label: 'agents.profit.profit', value: signed(data.totals.profit), tone: toneOf(data.totals.profit) },
              ]}
            />
            <p className="text-sm text-slate-300" data-testid="profit-total">
              {t('agents.profit.total', { count: data.total })}
            </p>
            <DataTable
              caption={t('agents.profit.table')}
              rows={data.rows}
              rowKey={(row) => row.id}
              minWidth="40rem"
              columns={[
                { key: 'account', header: t('agents.profit.account'), cell: (row) => row.account, isRowHeader: true },
                {
                  key: 'deposits',
                  header: t('agents.profit.deposits'),
                  cell: (row) => money.format(row.deposits),
                  isNumeric: true,
                },
                {
                  key: 'withdrawals',
                  header: t('agents.profit.withdrawals'),
                  cell: (row) => money.format(row.withdrawals),
                  isNumeric: true,
                },
                {
                  key: 'valid',
                  header: t('agents.profit.valid_bets'),
                  cell: (row) => money.format(row.validBets),
                  isNumeric: true,
                },
                {
                  key: 'profit',
                  header: t('agents.profit.profit'),
                  cell: (row) => signed(row.profit),
                  isNumeric: true,
                  className: (row) => toneOf(row.profit),
                },
                { key: 'bonuses', header: t('agents.profit.bonuses'), cell: (row) => money.format(row.bonuses), isNumeric: true },
              ]}
            />
            <Pagination
              current={report.page}
              total={Math.ceil(data.total / AGENT_REPORT_PAGE_SIZE)}
              hrefFor={report.hrefFor}
              onNavigate={report.onNavigate}
              labels={{ nav: t('agents.profit.pages') }}
            />
            <p className="text-xs text-slate-400">{t('agents.overview.zone_note', { zone: data.timeZone })}</p>
          </>
        )}
      </ListStates>
    </div>
  );
}

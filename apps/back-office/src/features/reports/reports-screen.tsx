import type { AnswerOf } from '@tessera/contract/api/call-types';
import { PAST_PRESETS } from '@tessera/contract/date-presets';
import * as routes from '@tessera/contract/routes/back-office-reports';
import {
  REPORT_GROUPINGS,
  REPORT_PAGE_SIZES,
  REPORT_SORTS,
  type ReportGrouping,
  type ReportSort,
} from '@tessera/contract/routes/back-office-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { formatCount, formatMinor, reportCurrency } from '../../lib/money';
import { useCall } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { FilterForm, presetDays } from '../../ui/filter-form';
import { type Order, useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { SortHeader } from '../../ui/sort-header';
import { ErrorNotice } from '../../ui/states';

type Row = AnswerOf<typeof routes.report>['rows'][number];
type Column = {
  id: string;
  sort?: ReportSort;
  money?: boolean;
  value: (row: Omit<Row, 'key' | 'label' | 'merchant'> & Partial<Pick<Row, 'label' | 'merchant'>>) => string | number | null;
};

const MONEY = (field: 'stake' | 'payout' | 'ggr' | 'playerPnl' | 'depositAmount' | 'withdrawalAmount', sort?: ReportSort) => ({
  id: field,
  sort,
  money: true,
  value: (row: Omit<Row, 'key' | 'label' | 'merchant'>) => row[field],
});
const COUNT = (
  field: 'bets' | 'signUps' | 'firstDepositors' | 'activePlayers' | 'deposits' | 'withdrawals',
  sort?: ReportSort,
) => ({
  id: field,
  sort,
  value: (row: Omit<Row, 'key' | 'label' | 'merchant'>) => row[field],
});

const GAME_COLUMNS: Column[] = [COUNT('bets', 'bets'), MONEY('stake', 'stake'), MONEY('payout', 'payout'), MONEY('ggr', 'ggr')];
const COLUMNS: Record<ReportGrouping, Column[]> = {
  day: [
    ...GAME_COLUMNS,
    MONEY('depositAmount', 'deposits'),
    MONEY('withdrawalAmount', 'withdrawals'),
    COUNT('signUps', 'signUps'),
    COUNT('firstDepositors', 'firstDepositors'),
    COUNT('activePlayers', 'activePlayers'),
  ],
  merchant: [],
  game: GAME_COLUMNS,
  vendor: GAME_COLUMNS,
  player: [
    { id: 'merchant', value: (row) => row.merchant ?? null },
    ...GAME_COLUMNS,
    MONEY('playerPnl'),
    COUNT('deposits'),
    MONEY('depositAmount', 'deposits'),
    MONEY('withdrawalAmount', 'withdrawals'),
  ],
};
COLUMNS.merchant = COLUMNS.day;

const LIST = {
  filters: { ...presetDays('previous7'), groupBy: 'day', merchant: '', vendor: '', game: '', player: '' },
  sort: { sort: 'key' as ReportSort, order: 'asc' as Order },
  sorts: REPORT_SORTS,
  pageSize: 25 as const,
  sizes: REPORT_PAGE_SIZES,
};

/** Reports by day, merchant, game, vendor or player over a range of days: sorted and paged on the server, exported as CSV. */
export function ReportsScreen() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const [exportError, setExportError] = useState<unknown>(null);
  const { filters } = list;
  const groupBy = REPORT_GROUPINGS.find((grouping) => grouping === filters.groupBy) ?? 'day';
  const query = {
    from: filters.from,
    to: filters.to,
    groupBy,
    merchant: filters.merchant || undefined,
    vendor: filters.vendor || undefined,
    game: filters.game || undefined,
    player: filters.player || undefined,
    ...list.sort,
  };
  const report = useCall(routes.report, { ...query, page: list.page, pageSize: list.pageSize });
  const columns = COLUMNS[groupBy];

  const exportCsv = async () => {
    setExportError(null);
    try {
      const answer = await apiCall(routes.reportExport, { query });
      downloadText(`report-${groupBy}-${filters.from}-${filters.to}.csv`, answer.csv, 'text/csv');
    } catch (failure) {
      setExportError(failure);
    }
  };

  // Figures read best largest first: a figure's first press sorts descending.
  const header = (column: Column) =>
    column.sort ? (
      <SortHeader
        key={column.id}
        column={column.sort}
        label={t(`figures.${column.id}`)}
        sort={list.sort}
        onSort={list.setSort}
        firstOrder={column.sort === 'key' ? 'asc' : 'desc'}
      />
    ) : (
      <th key={column.id} scope="col">
        {t(`figures.${column.id}`)}
      </th>
    );
  const cell = (column: Column, row: Parameters<Column['value']>[0]) => {
    const value = column.value(row);
    if (value === null) return '–';
    if (column.money) return formatMinor(String(value), reportCurrency(report.data?.currency ?? null));
    return typeof value === 'number' ? formatCount(value) : value;
  };

  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">{t('reports.title')}</h1>
      <FilterForm
        label={t('reports.filters')}
        fields={[
          {
            kind: 'days',
            from: 'from',
            to: 'to',
            fromLabel: t('reports.from'),
            toLabel: t('reports.to'),
            presets: PAST_PRESETS,
            required: true,
          },
          {
            kind: 'select',
            name: 'groupBy',
            label: t('reports.group_by'),
            options: REPORT_GROUPINGS.map((grouping) => ({ value: grouping, label: t(`reports.groupings.${grouping}`) })),
          },
          {
            kind: 'select',
            name: 'merchant',
            label: t('reports.merchant'),
            anyLabel: t('reports.all_merchants'),
            options: (report.data?.merchants ?? []).map((code) => ({ value: code, label: code })),
          },
          { kind: 'text', name: 'vendor', label: t('reports.vendor'), maxLength: 64 },
          { kind: 'text', name: 'game', label: t('reports.game'), maxLength: 64 },
          { kind: 'text', name: 'player', label: t('reports.player'), hint: t('reports.player_hint'), maxLength: 64 },
        ]}
        values={filters}
        onApply={(values) => {
          list.setFilters(values);
          list.setSort(LIST.sort);
        }}
        submitLabel={t('reports.apply')}
        onExport={() => void exportCsv()}
      />
      {exportError !== null && <ErrorNotice error={exportError} />}
      <QueryView
        query={report}
        isEmpty={(data) => data.rows.length === 0}
        empty={t('reports.empty')}
        count={(data) => t('reports.count', { count: data.total, zone: data.timeZone })}
      >
        {(data) => (
          <>
            {data.currency === null && <p className="notice">{t('reports.mixed_currencies')}</p>}
            <DataTable
              caption={t('reports.title')}
              className="report-table"
              busy={report.isFetching}
              head={
                <>
                  {header({ id: `group_${groupBy}`, sort: 'key', value: () => null })}
                  {columns.map(header)}
                </>
              }
              foot={
                <tr>
                  <th scope="row" className="total">
                    {t('reports.totals')}
                  </th>
                  {columns.map((column) => (
                    <td key={column.id} className="num total">
                      {column.id === 'merchant' ? '' : cell(column, data.totals)}
                    </td>
                  ))}
                </tr>
              }
            >
              {data.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {columns.map((column) => (
                    <td key={column.id} className={column.id === 'merchant' ? undefined : 'num'}>
                      {cell(column, row)}
                    </td>
                  ))}
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </QueryView>
      <ListPager label={t('reports.pages')} list={list} total={report.data?.total ?? 0} />
    </section>
  );
}

import type { AnswerOf } from '@tessera/contract/api/call-types';
import * as routes from '@tessera/contract/routes/back-office-reports';
import {
  REPORT_GROUPINGS,
  REPORT_PAGE_SIZES,
  type ReportGrouping,
  type ReportSort,
} from '@tessera/contract/routes/back-office-reports';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { formatCount, formatMinor, reportCurrency } from '../../lib/money';
import { useCall } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';

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

const localDay = (offsetDays: number) => {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

interface Filters {
  from: string;
  to: string;
  groupBy: ReportGrouping;
  merchant: string;
  vendor: string;
  game: string;
  player: string;
}

/** Reports by day, merchant, game, vendor or player over a range of days: sorted and paged on the server, exported as CSV. */
export function ReportsScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({
    from: localDay(-6),
    to: localDay(0),
    groupBy: 'day',
    merchant: '',
    vendor: '',
    game: '',
    player: '',
  });
  const [sort, setSort] = useState<{ by: ReportSort; order: 'asc' | 'desc' }>({ by: 'key', order: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<(typeof REPORT_PAGE_SIZES)[number]>(25);
  const [exportError, setExportError] = useState<unknown>(null);
  const query = {
    from: filters.from,
    to: filters.to,
    groupBy: filters.groupBy,
    merchant: filters.merchant || undefined,
    vendor: filters.vendor || undefined,
    game: filters.game || undefined,
    player: filters.player || undefined,
    sort: sort.by,
    order: sort.order,
  };
  const report = useCall(routes.report, { ...query, page, pageSize });
  const columns = COLUMNS[filters.groupBy];

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: keyof Filters) => String(form.get(name) ?? '').trim();
    setFilters({
      from: text('from'),
      to: text('to'),
      groupBy: text('groupBy') as ReportGrouping,
      merchant: text('merchant'),
      vendor: text('vendor'),
      game: text('game'),
      player: text('player'),
    });
    setSort({ by: 'key', order: 'asc' });
    setPage(1);
  };

  const sortBy = (by: ReportSort) => {
    setSort((current) => ({ by, order: current.by === by && current.order === 'desc' ? 'asc' : 'desc' }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExportError(null);
    try {
      const answer = await apiCall(routes.reportExport, { query });
      downloadText(`report-${filters.groupBy}-${filters.from}-${filters.to}.csv`, answer.csv, 'text/csv');
    } catch (failure) {
      setExportError(failure);
    }
  };

  const header = (column: Column) => {
    if (!column.sort)
      return (
        <th key={column.id} scope="col">
          {t(`figures.${column.id}`)}
        </th>
      );
    const active = sort.by === column.sort;
    return (
      <th key={column.id} scope="col" aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button type="button" className="sort" onClick={() => sortBy(column.sort!)}>
          {t(`figures.${column.id}`)}
          <span aria-hidden="true">{active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </button>
      </th>
    );
  };
  const cell = (column: Column, row: Parameters<Column['value']>[0]) => {
    const value = column.value(row);
    if (value === null) return '–';
    if (column.money) return formatMinor(String(value), reportCurrency(report.data?.currency ?? null));
    return typeof value === 'number' ? formatCount(value) : value;
  };

  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">{t('reports.title')}</h1>
      <form className="panel filters" onSubmit={apply} aria-label={t('reports.filters')}>
        <Field label={t('reports.from')} name="from" type="date" defaultValue={filters.from} required />
        <Field label={t('reports.to')} name="to" type="date" defaultValue={filters.to} required />
        <div className="field">
          <label htmlFor="report-group">{t('reports.group_by')}</label>
          <select id="report-group" name="groupBy" defaultValue={filters.groupBy}>
            {REPORT_GROUPINGS.map((grouping) => (
              <option key={grouping} value={grouping}>
                {t(`reports.groupings.${grouping}`)}
              </option>
            ))}
          </select>
        </div>
        <MerchantSelectField merchants={report.data?.merchants ?? []} defaultValue={filters.merchant} />
        <Field label={t('reports.vendor')} name="vendor" defaultValue={filters.vendor} maxLength={64} />
        <Field label={t('reports.game')} name="game" defaultValue={filters.game} maxLength={64} />
        <Field
          label={t('reports.player')}
          hint={t('reports.player_hint')}
          name="player"
          defaultValue={filters.player}
          maxLength={64}
        />
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('reports.apply')}
          </button>
          <button type="button" className="btn" onClick={() => void exportCsv()}>
            {t('reports.export')}
          </button>
        </div>
      </form>
      {exportError !== null && <ErrorNotice error={exportError} />}

      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorNotice error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <Empty>{t('reports.empty')}</Empty>
      ) : (
        <>
          <p className="lead" aria-live="polite">
            {t('reports.count', { count: report.data.total, zone: report.data.timeZone })}
          </p>
          {report.data.currency === null && <p className="notice">{t('reports.mixed_currencies')}</p>}
          <div className="table-wrap">
            <table className="report-table" data-testid="report-table">
              <caption className="visually-hidden">{t('reports.title')}</caption>
              <thead>
                <tr>
                  {header({ id: `group_${filters.groupBy}`, sort: 'key', value: () => null })}
                  {columns.map(header)}
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    {columns.map((column) => (
                      <td key={column.id} className={column.id === 'merchant' ? undefined : 'num'}>
                        {cell(column, row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="total">
                    {t('reports.totals')}
                  </th>
                  {columns.map((column) => (
                    <td key={column.id} className="num total">
                      {column.id === 'merchant' ? '' : cell(column, report.data.totals)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
      <Pager
        label={t('reports.pages')}
        page={page}
        total={report.data?.total ?? 0}
        pageSize={pageSize}
        sizes={REPORT_PAGE_SIZES}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </section>
  );
}

function MerchantSelectField({ merchants, defaultValue }: { merchants: string[]; defaultValue: string }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="report-merchant">{t('reports.merchant')}</label>
      <select id="report-merchant" name="merchant" defaultValue={defaultValue}>
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

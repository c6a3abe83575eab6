import { formatMinor } from '@tessera/contract/money-format';
import * as routes from '@tessera/contract/routes/back-office-players';
import { PLAYER_PAGE_SIZES, PLAYER_TABLES, type PlayerTable } from '@tessera/contract/routes/back-office-players';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { dayEnd, dayStart, formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';

type PageSize = (typeof PLAYER_PAGE_SIZES)[number];

const TIME_COLUMNS = new Set(['time', 'expiresAt', 'endedAt', 'firstSeen', 'lastSeen']);
const MONEY_COLUMNS = new Set(['amount', 'balanceAfter', 'stake', 'win']);
const MINOR_DIGITS = 2;

type Cell = string | number | boolean | null;

/** The player page's tables, one shown at a time: a date range and order, paged on the server, exported as CSV. */
export function PlayerRows({ id, account }: { id: string; account: string }) {
  const { t } = useTranslation();
  const [table, setTable] = useState<PlayerTable>('transfers');
  const [range, setRange] = useState({ from: '', to: '' });
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [exportError, setExportError] = useState<unknown>(null);
  const filter = { id, table, from: dayStart(range.from), to: dayEnd(range.to), order };
  const rows = useCall(routes.playerRows, { ...filter, page, pageSize });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRange({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
    setOrder(form.get('order') === 'asc' ? 'asc' : 'desc');
    setPage(1);
  };

  const exportCsv = async () => {
    setExportError(null);
    try {
      const answer = await apiCall(routes.playerRowsExport, { query: filter });
      downloadText(`${account}-${table}.csv`, answer.csv, 'text/csv');
    } catch (failure) {
      setExportError(failure);
    }
  };

  return (
    <section className="panel" aria-labelledby="player-tables-title">
      <h2 id="player-tables-title">{t('player.history')}</h2>
      <fieldset className="tabs">
        <legend className="visually-hidden">{t('player.tables')}</legend>
        {PLAYER_TABLES.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn${name === table ? ' btn-primary' : ''}`}
            aria-pressed={name === table}
            onClick={() => {
              setTable(name);
              setPage(1);
            }}
          >
            {t(`player.table.${name}`)}
          </button>
        ))}
      </fieldset>
      <form className="filters" onSubmit={apply} aria-label={t('player.table_filters')}>
        <Field label={t('audit.from')} name="from" type="date" defaultValue={range.from} />
        <Field label={t('audit.to')} name="to" type="date" defaultValue={range.to} />
        <div className="field">
          <label htmlFor="player-rows-order">{t('player.order')}</label>
          <select id="player-rows-order" name="order" defaultValue={order}>
            <option value="desc">{t('player.newest_first')}</option>
            <option value="asc">{t('player.oldest_first')}</option>
          </select>
        </div>
        <div className="actions">
          <button type="submit" className="btn">
            {t('audit.apply')}
          </button>
          <button type="button" className="btn" onClick={() => void exportCsv()}>
            {t('players.export')}
          </button>
        </div>
      </form>
      {table === 'bets' && <p className="hint">{t('player.bets_window')}</p>}
      {exportError !== null && <ErrorNotice error={exportError} />}
      {rows.isPending ? (
        <Loading />
      ) : rows.isError ? (
        <ErrorNotice error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.data.rows.length === 0 ? (
        <Empty>{t('player.no_rows')}</Empty>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{t(`player.table.${table}`)}</caption>
              <thead>
                <tr>
                  {rows.data.columns.map((column) => (
                    <th key={column} scope="col">
                      {t(`player.col.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.data.rows.map((row, index) => (
                  // Rows have no id of their own in every table (sessions, devices): their place in the page is it.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <tr key={index}>
                    {row.map((cell, column) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                      <td key={column}>{formatCell(rows.data.columns[column] ?? '', cell, t)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label={t('player.pages')}
            sizes={PLAYER_PAGE_SIZES}
            page={page}
            pageSize={pageSize}
            total={rows.data.total}
            onPage={setPage}
            onPageSize={setPageSize}
          />
        </>
      )}
    </section>
  );
}

function formatCell(column: string, cell: Cell, t: (key: string) => string): string {
  if (cell === null || cell === '') return '–';
  if (typeof cell === 'boolean') return t(cell ? 'player.yes' : 'player.no');
  if (TIME_COLUMNS.has(column) && typeof cell === 'number') return formatTime(cell);
  if (MONEY_COLUMNS.has(column)) return formatMinor(String(cell), MINOR_DIGITS);
  return String(cell);
}

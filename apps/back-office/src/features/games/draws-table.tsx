import { FUTURE_PRESETS, presetRange } from '@tessera/contract/date-presets';
import * as routes from '@tessera/contract/routes/back-office-games';
import { GAMES_PAGE_SIZES } from '@tessera/contract/routes/back-office-games';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { dayEnd, dayStart, formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { formatCount, formatMinor } from '../../lib/money';
import { can, useStaffSession } from '../../lib/session';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';

type PageSize = (typeof GAMES_PAGE_SIZES)[number];

type Preset = (typeof FUTURE_PRESETS)[number];
type Status = (typeof routes.DRAW_STATUSES)[number];
type Sort = (typeof routes.DRAW_SORTS)[number];
interface Filter {
  gameCode?: string;
  status?: Status;
  from?: number;
  to?: number;
}

/** A draw's numbers as one line, whatever the game's result shape. */
function resultText(result: unknown): string {
  if (result === null || result === undefined) return '–';
  if (typeof result === 'string' || typeof result === 'number') return String(result);
  if (Array.isArray(result)) return result.map(resultText).join(' ');
  if (typeof result === 'object') return Object.values(result).map(resultText).join(' · ');
  return '–';
}

/** The house lottery's draws: the schedule and results by game, status and time range, and voiding one. */
export function DrawsTable() {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<Preset | 'custom' | 'any'>('next7');
  const [filter, setFilter] = useState<Filter>(() => ({ ...rangeOf('next7') }));
  const [sort, setSort] = useState<Sort>('draw-asc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [failure, setFailure] = useState<unknown>(null);

  const choosePreset = (next: Preset | 'any') => {
    setPreset(next);
    setFilter((current) => ({ ...current, ...(next === 'any' ? { from: undefined, to: undefined } : rangeOf(next)) }));
    setSort(next === 'previous7' || next === 'previous30' ? 'draw-desc' : 'draw-asc');
    setPage(1);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const from = dayStart(text('from'));
    const to = dayEnd(text('to'));
    const custom = from !== undefined || to !== undefined;
    if (custom) setPreset('custom');
    setFilter((current) => ({
      gameCode: text('game') || undefined,
      status: (text('status') || undefined) as Status | undefined,
      from: custom ? from : current.from,
      to: custom ? to : current.to,
    }));
    setPage(1);
  };

  const exportCsv = async () => {
    setFailure(null);
    try {
      const answer = await apiCall(routes.drawExport, { query: { ...filter, sort } });
      downloadText('draws.csv', answer.csv, 'text/csv');
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('draws.range')}</legend>
        {[...FUTURE_PRESETS, 'any' as const].map((name) => (
          <button
            key={name}
            type="button"
            className="btn btn-small"
            aria-pressed={preset === name}
            onClick={() => choosePreset(name)}
          >
            {t(`draws.preset.${name}`)}
          </button>
        ))}
      </fieldset>
      <DrawFilters onSubmit={submit} onExport={() => void exportCsv()} />
      {failure !== null && <ErrorNotice error={failure} />}
      <DrawRows
        query={{ ...filter, sort, page, pageSize }}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </>
  );
}

const rangeOf = (preset: Preset) => {
  const { startTime, endTime } = presetRange(preset);
  return { from: startTime, to: endTime };
};

function DrawFilters({ onSubmit, onExport }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; onExport: () => void }) {
  const { t } = useTranslation();
  const games = useCall(routes.drawList, { pageSize: 25, status: 'scheduled' });
  return (
    <form className="panel filters" onSubmit={onSubmit} aria-label={t('draws.filters')}>
      <div className="field">
        <label htmlFor="draws-game">{t('draws.col.game')}</label>
        <select id="draws-game" name="game" defaultValue="">
          <option value="">{t('games.any')}</option>
          {games.data?.games.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="draws-status">{t('draws.col.status')}</label>
        <select id="draws-status" name="status" defaultValue="">
          <option value="">{t('games.any')}</option>
          {routes.DRAW_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`draws.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="draws-from">{t('audit.from')}</label>
        <input id="draws-from" name="from" type="date" />
      </div>
      <div className="field">
        <label htmlFor="draws-to">{t('audit.to')}</label>
        <input id="draws-to" name="to" type="date" />
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary">
          {t('audit.apply')}
        </button>
        <button type="button" className="btn" onClick={onExport}>
          {t('audit.export')}
        </button>
      </div>
    </form>
  );
}

function DrawRows({
  query,
  sort,
  onSort,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  query: Filter & { sort: Sort; page: number; pageSize: PageSize };
  sort: Sort;
  onSort: (sort: Sort) => void;
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const draws = useCall(routes.drawList, query);
  const [voiding, setVoiding] = useState<string | null>(null);
  const [done, setDone] = useState<{ numero: string; slips: number } | null>(null);
  if (draws.isPending) return <Loading />;
  if (draws.isError) return <ErrorNotice error={draws.error} onRetry={() => void draws.refetch()} />;
  const mayVoid = can(me, 'draws.void');

  return (
    <>
      {done && (
        <p className="notice notice-success" role="status">
          {t('draws.voided', { numero: done.numero, count: done.slips })}
        </p>
      )}
      {draws.data.items.length === 0 ? (
        <Empty>{t('draws.none')}</Empty>
      ) : (
        <>
          <p className="lead" aria-live="polite">
            {t('draws.count', { count: draws.data.total })}
          </p>
          <div className="table-wrap">
            {/* Busy while a new filter, sort or page loads: the rows shown until then are the previous answer's. */}
            <table aria-busy={draws.isFetching}>
              <caption className="visually-hidden">{t('games.tab.draws')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('draws.col.numero')}</th>
                  <th scope="col">{t('draws.col.game')}</th>
                  <th scope="col" aria-sort={sort === 'draw-asc' ? 'ascending' : 'descending'}>
                    <button type="button" className="sort" onClick={() => onSort(sort === 'draw-asc' ? 'draw-desc' : 'draw-asc')}>
                      {t('draws.col.drawAt')} {sort === 'draw-asc' ? '▲' : '▼'}
                    </button>
                  </th>
                  <th scope="col">{t('draws.col.status')}</th>
                  <th scope="col">{t('draws.col.result')}</th>
                  <th scope="col">{t('draws.col.tickets')}</th>
                  <th scope="col">{t('draws.col.winners')}</th>
                  <th scope="col">{t('draws.col.payout')}</th>
                  {mayVoid && <th scope="col">{t('draws.col.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {draws.data.items.map((draw) => (
                  <tr key={draw.id}>
                    <td>{draw.numero}</td>
                    <td>{draw.gameCode}</td>
                    <td>{formatTime(draw.drawAt)}</td>
                    <td>
                      <span
                        className={`badge badge-${draw.status === 'void' ? 'locked' : draw.status === 'scheduled' ? 'scheduled' : 'active'}`}
                      >
                        {t(`draws.status.${draw.status}`)}
                      </span>
                    </td>
                    <td>{resultText(draw.result)}</td>
                    <td className="amount">{formatCount(draw.tickets)}</td>
                    <td className="amount">{formatCount(draw.winners)}</td>
                    <td className="amount">{formatMinor(draw.payoutTotal)}</td>
                    {mayVoid && (
                      <td>
                        {draw.status === 'scheduled' &&
                          (voiding === draw.id ? (
                            <VoidForm
                              drawId={draw.id}
                              numero={draw.numero}
                              onCancel={() => setVoiding(null)}
                              onDone={(slips) => {
                                setVoiding(null);
                                setDone({ numero: draw.numero, slips });
                              }}
                            />
                          ) : (
                            <button
                              type="button"
                              className="btn btn-small btn-danger"
                              onClick={() => {
                                setDone(null);
                                setVoiding(draw.id);
                              }}
                            >
                              {t('draws.void')}
                            </button>
                          ))}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager
        sizes={GAMES_PAGE_SIZES}
        label={t('draws.pages')}
        page={page}
        pageSize={pageSize}
        total={draws.data.total}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </>
  );
}

/** The reason a draw is voided (kept in the audit log and every refund's memo), then the void itself. */
function VoidForm({
  drawId,
  numero,
  onCancel,
  onDone,
}: {
  drawId: string;
  numero: string;
  onCancel: () => void;
  onDone: (refundedSlips: number) => void;
}) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setBusy(true);
    setFailure(null);
    try {
      const answer = await apiCall(routes.drawVoid, { body: { id: drawId, reason } });
      await invalidate(routes.drawList);
      onDone(answer.refundedSlips);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="reason-form" onSubmit={(event) => void submit(event)} aria-label={t('draws.void_title', { numero })}>
      <label htmlFor={`void-${drawId}`}>{t('draws.reason')}</label>
      <textarea id={`void-${drawId}`} name="reason" required minLength={3} maxLength={200} rows={2} />
      {failure !== null && <ErrorNotice error={failure} />}
      <div className="row-actions">
        <button type="submit" className="btn btn-small btn-danger" disabled={busy}>
          {t('draws.confirm_void')}
        </button>
        <button type="button" className="btn btn-small" onClick={onCancel}>
          {t('draws.cancel')}
        </button>
      </div>
    </form>
  );
}

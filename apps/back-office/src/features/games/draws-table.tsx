import { FUTURE_PRESETS } from '@tessera/contract/date-presets';
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
import { DataTable, QueryView } from '../../ui/data-table';
import { FilterForm, presetDays } from '../../ui/filter-form';
import { type Order, useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { SortHeader } from '../../ui/sort-header';
import { ErrorNotice } from '../../ui/states';

type Status = (typeof routes.DRAW_STATUSES)[number];

/** A draw's numbers as one line, whatever the game's result shape. */
function resultText(result: unknown): string {
  if (result === null || result === undefined) return '–';
  if (typeof result === 'string' || typeof result === 'number') return String(result);
  if (Array.isArray(result)) return result.map(resultText).join(' ');
  if (typeof result === 'object') return Object.values(result).map(resultText).join(' · ');
  return '–';
}

/** The draws the screen opens on: the next seven days', soonest first. */
const listOf = (now: Date) => ({
  filters: { game: '', status: '', ...presetDays('next7', now) },
  sort: { sort: 'draw' as const, order: 'asc' as Order },
  sorts: ['draw'] as const,
  pageSize: 25 as const,
  sizes: GAMES_PAGE_SIZES,
});

/** The house lottery's draws: the schedule and results by game, status and days, and voiding one. */
export function DrawsTable() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const list = useListState(listOf(new Date()));
  const [failure, setFailure] = useState<unknown>(null);
  const [voiding, setVoiding] = useState<string | null>(null);
  const [done, setDone] = useState<{ numero: string; slips: number } | null>(null);
  const filter = {
    gameCode: list.filters.game || undefined,
    status: routes.DRAW_STATUSES.find((status: Status) => status === list.filters.status),
    from: dayStart(list.filters.from),
    to: dayEnd(list.filters.to),
    sort: `draw-${list.sort.order}` as const,
  };
  const draws = useCall(routes.drawList, { ...filter, page: list.page, pageSize: list.pageSize });
  const mayVoid = can(me, 'draws.void');

  const exportCsv = async () => {
    setFailure(null);
    try {
      const answer = await apiCall(routes.drawExport, { query: filter });
      downloadText('draws.csv', answer.csv, 'text/csv');
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <>
      <FilterForm
        label={t('draws.filters')}
        fields={[
          {
            kind: 'select',
            name: 'game',
            label: t('draws.col.game'),
            anyLabel: t('games.any'),
            options: (draws.data?.games ?? []).map((code) => ({ value: code, label: code })),
          },
          {
            kind: 'select',
            name: 'status',
            label: t('draws.col.status'),
            anyLabel: t('games.any'),
            options: routes.DRAW_STATUSES.map((status) => ({ value: status, label: t(`draws.status.${status}`) })),
          },
          {
            kind: 'days',
            from: 'from',
            to: 'to',
            fromLabel: t('audit.from'),
            toLabel: t('audit.to'),
            presets: FUTURE_PRESETS,
            anyTime: true,
          },
        ]}
        values={list.filters}
        onApply={(values, preset) => {
          list.setFilters(values);
          // Past draws read best newest first, the schedule soonest first.
          if (preset) list.setSort({ sort: 'draw', order: preset.startsWith('previous') ? 'desc' : 'asc' });
        }}
        onExport={() => void exportCsv()}
      />
      {failure !== null && <ErrorNotice error={failure} />}
      {done && (
        <p className="notice notice-success" role="status">
          {t('draws.voided', { numero: done.numero, count: done.slips })}
        </p>
      )}
      <QueryView
        query={draws}
        isEmpty={(data) => data.items.length === 0}
        empty={t('draws.none')}
        count={(data) => t('draws.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={t('games.tab.draws')}
            busy={draws.isFetching}
            head={
              <>
                <th scope="col">{t('draws.col.numero')}</th>
                <th scope="col">{t('draws.col.game')}</th>
                <SortHeader column="draw" label={t('draws.col.drawAt')} sort={list.sort} onSort={list.setSort} />
                <th scope="col">{t('draws.col.status')}</th>
                <th scope="col">{t('draws.col.result')}</th>
                <th scope="col">{t('draws.col.tickets')}</th>
                <th scope="col">{t('draws.col.winners')}</th>
                <th scope="col">{t('draws.col.payout')}</th>
                {mayVoid && <th scope="col">{t('draws.col.actions')}</th>}
              </>
            }
          >
            {data.items.map((draw) => (
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
                          aria-label={t('draws.void_draw', { numero: draw.numero, game: draw.gameCode })}
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
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('draws.pages')} list={list} total={draws.data?.total ?? 0} />
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

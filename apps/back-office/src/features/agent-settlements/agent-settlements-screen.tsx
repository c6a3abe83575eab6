import { CONTRACT_KINDS, type ContractKind, formatRate } from '@tessera/contract/agent-contracts';
import type { Statement } from '@tessera/contract/api/agent-income';
import { PAST_PRESETS } from '@tessera/contract/date-presets';
import * as routes from '@tessera/contract/routes/agent-income';
import {
  STATEMENT_ACTIONS,
  STATEMENT_PAGE_SIZES,
  STATEMENT_STATUSES,
  type StatementAction,
  type StatementStatus,
} from '@tessera/contract/routes/agent-income';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { formatMinor } from '../../lib/money';
import { can, useStaffSession } from '../../lib/session';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { FilterForm } from '../../ui/filter-form';
import { useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { ErrorNotice } from '../../ui/states';

const LIST = {
  filters: { agent: '', kind: '', status: '', from: '', to: '', run: '' },
  sort: { sort: 'newest' as const, order: 'desc' as const },
  sorts: ['newest'] as const,
  pageSize: 25 as const,
  sizes: STATEMENT_PAGE_SIZES,
};

type Filters = typeof LIST.filters;

const queryOf = (filters: Filters) => ({
  agent: filters.agent || undefined,
  kind: (filters.kind || undefined) as ContractKind | undefined,
  status: (filters.status || undefined) as StatementStatus | undefined,
  fromDay: filters.from || undefined,
  toDay: filters.to || undefined,
  run: filters.run || undefined,
});

/**
 * Settlement of agent contracts: every period's statement with what it was computed from and what became of it, by
 * agent, kind, status and period, its totals and a CSV; the latest runs, each opening on the statements it computed; with the merchant's review switch on (`agents` site setting),
 * an operator with `contracts.manage` approves (pays), holds, releases or rejects the statements waiting.
 */
export function AgentSettlementsScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const list = useListState(LIST);
  const [exportError, setExportError] = useState<unknown>(null);
  const query = queryOf(list.filters);
  const statements = useCall(routes.statementList, { ...query, page: list.page, pageSize: list.pageSize });

  const exportCsv = async () => {
    setExportError(null);
    try {
      downloadText('agent-settlements.csv', (await apiCall(routes.statementExport, { query })).csv, 'text/csv');
    } catch (failure) {
      setExportError(failure);
    }
  };

  return (
    <section aria-labelledby="settlements-title">
      <h1 id="settlements-title">{t('settlements.title')}</h1>
      <p className="hint">
        {t('settlements.review_hint')} {can(me, 'settings.edit') && <Link to="/settings">{t('settlements.review_link')}</Link>}
      </p>
      <FilterForm
        label={t('settlements.search')}
        fields={[
          { kind: 'text', name: 'agent', label: t('settlements.agent'), maxLength: 64 },
          {
            kind: 'select',
            name: 'kind',
            label: t('settlements.col.kind'),
            options: CONTRACT_KINDS.map((kind) => ({ value: kind, label: t(`contracts.kind.${kind}`) })),
            anyLabel: t('settlements.any'),
          },
          {
            kind: 'select',
            name: 'status',
            label: t('settlements.col.status'),
            options: STATEMENT_STATUSES.map((status) => ({ value: status, label: t(`settlements.status.${status}`) })),
            anyLabel: t('settlements.any'),
          },
          {
            kind: 'days',
            from: 'from',
            to: 'to',
            fromLabel: t('settlements.from'),
            toLabel: t('settlements.to'),
            presets: PAST_PRESETS,
            anyTime: true,
          },
        ]}
        values={list.filters}
        onApply={list.setFilters}
        submitLabel={t('settlements.find')}
      />
      <div className="actions">
        <button type="button" className="btn" onClick={() => void exportCsv()}>
          {t('settlements.export')}
        </button>
      </div>
      {exportError !== null && <ErrorNotice error={exportError} />}
      <Runs open={(run) => list.setFilters({ ...list.filters, run })} />
      {list.filters.run && (
        <p className="notice actions" role="status">
          {t('settlements.runs.showing', { id: list.filters.run })}{' '}
          <button type="button" className="btn btn-small" onClick={() => list.setFilters({ ...list.filters, run: '' })}>
            {t('settlements.runs.all')}
          </button>
        </p>
      )}
      <QueryView
        query={statements}
        isEmpty={(data) => data.statements.length === 0}
        empty={t('settlements.none')}
        count={(data) =>
          t('settlements.count', {
            count: data.total,
            paid: formatMinor(data.totals.paidMinor),
            pending: formatMinor(data.totals.pendingMinor),
            held: formatMinor(data.totals.heldMinor),
          })
        }
      >
        {(data) => (
          <DataTable
            caption={t('settlements.results')}
            busy={statements.isFetching}
            head={
              <>
                <th scope="col">{t('settlements.col.id')}</th>
                <th scope="col">{t('settlements.col.kind')}</th>
                <th scope="col">{t('settlements.col.agent')}</th>
                <th scope="col">{t('settlements.col.upline')}</th>
                <th scope="col">{t('settlements.col.period')}</th>
                <th scope="col">{t('settlements.col.team')}</th>
                <th scope="col">{t('settlements.col.valid_bets')}</th>
                <th scope="col">{t('settlements.col.net_loss')}</th>
                <th scope="col">{t('settlements.col.tier')}</th>
                <th scope="col">{t('settlements.col.gross')}</th>
                <th scope="col">{t('settlements.col.downline')}</th>
                <th scope="col">{t('settlements.col.amount')}</th>
                <th scope="col">{t('settlements.col.status')}</th>
              </>
            }
          >
            {data.statements.map((row) => (
              <StatementRow key={row.id} row={row} />
            ))}
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('settlements.pages')} list={list} total={statements.data?.total ?? 0} />
      {can(me, 'contracts.manage') && <ReviewForm />}
    </section>
  );
}

/** The latest runs that computed statements, newest first; each opens the list on its statements. */
function Runs({ open }: { open: (run: string) => void }) {
  const { t } = useTranslation();
  const runs = useCall(routes.runList);
  return (
    <section aria-labelledby="settlements-runs-title">
      <h2 id="settlements-runs-title">{t('settlements.runs.title')}</h2>
      <QueryView query={runs} isEmpty={(data) => data.runs.length === 0} empty={t('settlements.runs.none')}>
        {(data) => (
          <DataTable
            caption={t('settlements.runs.title')}
            busy={runs.isFetching}
            head={
              <>
                <th scope="col">{t('settlements.runs.id')}</th>
                <th scope="col">{t('settlements.runs.started')}</th>
                <th scope="col">{t('settlements.runs.statements')}</th>
                <th scope="col">{t('settlements.runs.amount')}</th>
                <th scope="col">{t('settlements.runs.paid')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('settlements.runs.open_column')}</span>
                </th>
              </>
            }
          >
            {data.runs.map((run) => (
              <tr key={run.id}>
                <th scope="row">{run.id}</th>
                <td>{formatTime(run.startedAt)}</td>
                <td className="num">{run.statements}</td>
                <td className="num">{formatMinor(run.amountMinor)}</td>
                <td className="num">{formatMinor(run.paidMinor)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={t('settlements.runs.open', { id: run.id })}
                    onClick={() => open(run.id)}
                  >
                    {t('settlements.runs.open_short')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </section>
  );
}

function StatementRow({ row }: { row: Statement }) {
  const { t } = useTranslation();
  return (
    <tr data-status={row.status}>
      <th scope="row">{row.id}</th>
      <td>{t(`contracts.kind.${row.kind}`)}</td>
      <td>{row.agent}</td>
      <td>{row.upline}</td>
      <td>
        {formatTime(row.periodStart)} – {formatTime(row.periodEnd)}
      </td>
      <td className="num">
        {row.activeMembers} / {row.teamSize}
      </td>
      <td className="num">{formatMinor(row.validBetMinor)}</td>
      <td className="num">
        {formatMinor(row.netLossMinor)}
        {row.kind === 'dividend' && row.carryInMinor !== '0' && (
          <div className="muted">{t('settlements.carried', { amount: formatMinor(row.carryInMinor) })}</div>
        )}
      </td>
      <td>{row.tier === null ? '–' : `${row.tier} · ${formatRate(row.rate)} %`}</td>
      <td className="num">{formatMinor(row.grossMinor)}</td>
      <td className="num">{formatMinor(row.downlinePaidMinor)}</td>
      <td className="num">{formatMinor(row.amountMinor)}</td>
      <td>
        {t(`settlements.status.${row.status}`)}
        {row.reason && <div className="muted">{row.reason}</div>}
      </td>
    </tr>
  );
}

/** Reviews a statement by its id: approve pays it; hold, release and reject change where it waits (reject needs a reason). */
function ReviewForm() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<Statement | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const reason = String(form.get('reason') ?? '').trim();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await apiCall(routes.statementAction, {
        body: {
          id: String(form.get('id') ?? '').trim(),
          action: String(form.get('action')) as StatementAction,
          ...(reason ? { reason } : {}),
        },
      });
      setDone(answer);
      formElement.reset();
      await invalidate(routes.statementList, routes.runList);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel" onSubmit={(event) => void submit(event)} aria-labelledby="settlements-review-title">
      <h2 id="settlements-review-title">{t('settlements.review.title')}</h2>
      <p className="hint">{t('settlements.review.explain')}</p>
      <Field label={t('settlements.review.id')} name="id" required maxLength={19} inputMode="numeric" autoComplete="off" />
      <div className="field">
        <label htmlFor="settlements-review-action">{t('settlements.review.action')}</label>
        <select id="settlements-review-action" name="action" defaultValue="approve">
          {STATEMENT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`settlements.action.${action}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="settlements-review-reason">{t('settlements.review.reason')}</label>
        <textarea id="settlements-review-reason" name="reason" minLength={3} maxLength={200} rows={2} />
      </div>
      {error !== null && <ErrorNotice error={error} />}
      {done && (
        <p className="notice" role="status">
          {t('settlements.review.done', { id: done.id, status: t(`settlements.status.${done.status}`) })}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {t('settlements.review.submit')}
        </button>
      </div>
    </form>
  );
}

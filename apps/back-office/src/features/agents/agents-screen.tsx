import type { AgentMoveRow } from '@tessera/contract/api/back-office-agents';
import * as routes from '@tessera/contract/routes/back-office-agents';
import { AGENT_LIST_PAGE_SIZES } from '@tessera/contract/routes/back-office-agents';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { can, useStaffSession } from '../../lib/session';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { FilterForm } from '../../ui/filter-form';
import { useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { ErrorNotice } from '../../ui/states';

const LIST = {
  filters: { q: '', under: '' },
  sort: { sort: 'account' as const, order: 'asc' as const },
  sorts: ['account'] as const,
  pageSize: 25 as const,
  sizes: AGENT_LIST_PAGE_SIZES,
};

/**
 * Agents: each with their upline and downline sizes, searchable by account and paged on the server, or walked as a
 * tree (an agent's direct downline agents, the chain above them as a breadcrumb); moving a member,
 * with everyone under them, to another agent (audited, with a reason); and the latest moves.
 */
export function AgentsScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const list = useListState(LIST);
  const agents = useCall(routes.agentList, {
    q: list.filters.q || undefined,
    under: list.filters.under || undefined,
    page: list.page,
    pageSize: list.pageSize,
  });
  const openLevel = (under: string) => list.setFilters({ q: '', under });
  const [exported, setExported] = useState<{ error: unknown } | 'done' | null>(null);

  const exportCsv = async () => {
    setExported(null);
    try {
      const answer = await apiCall(routes.agentExport, { query: { q: list.filters.q || undefined } });
      downloadText('agents.csv', answer.csv, 'text/csv');
      setExported('done');
    } catch (failure) {
      setExported({ error: failure });
    }
  };

  return (
    <section aria-labelledby="agents-title">
      <h1 id="agents-title">{t('agents.title')}</h1>
      <FilterForm
        label={t('agents.search')}
        fields={[{ kind: 'text', name: 'q', label: t('agents.query'), hint: t('agents.query_hint'), maxLength: 64 }]}
        values={list.filters}
        onApply={list.setFilters}
        submitLabel={t('agents.find')}
      />
      <div className="actions">
        <button type="button" className="btn" onClick={() => void exportCsv()}>
          {t('agents.export')}
        </button>
      </div>
      {exported === 'done' && (
        <p className="notice notice-success" role="status">
          {t('agents.exported')}
        </p>
      )}
      {exported !== null && exported !== 'done' && <ErrorNotice error={exported.error} />}
      <nav aria-label={t('agents.tree.label')} className="actions">
        <ol className="breadcrumbs">
          <li>
            {list.filters.under ? (
              <button type="button" className="btn btn-small" onClick={() => openLevel('')}>
                {t('agents.tree.all')}
              </button>
            ) : (
              <span aria-current="page">{t('agents.tree.all')}</span>
            )}
          </li>
          {(agents.data?.chain ?? []).map((account, index, chain) => (
            <li key={account}>
              {index < chain.length - 1 ? (
                <button type="button" className="btn btn-small" onClick={() => openLevel(account)}>
                  {account}
                </button>
              ) : (
                <span aria-current="page">{account}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <QueryView
        query={agents}
        isEmpty={(data) => data.agents.length === 0}
        empty={t(list.filters.under ? 'agents.tree.none' : list.filters.q ? 'agents.none_found' : 'agents.none')}
        count={(data) => t('agents.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={t('agents.results')}
            busy={agents.isFetching}
            head={
              <>
                <th scope="col">{t('agents.col.account')}</th>
                <th scope="col">{t('agents.col.type')}</th>
                <th scope="col">{t('agents.col.status')}</th>
                <th scope="col">{t('agents.col.upline')}</th>
                <th scope="col">{t('agents.col.direct')}</th>
                <th scope="col">{t('agents.col.team')}</th>
                <th scope="col">{t('agents.col.created')}</th>
              </>
            }
          >
            {data.agents.map((agent) => (
              <tr key={agent.id}>
                <th scope="row">{agent.account}</th>
                <td>{agent.agentType}</td>
                <td>{t(`agents.status.${agent.status}`)}</td>
                <td>{agent.upline ?? '–'}</td>
                <td>
                  {agent.directCount > 0 ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t('agents.tree.open', { account: agent.account, count: agent.directCount })}
                      onClick={() => openLevel(agent.account)}
                    >
                      {agent.directCount}
                    </button>
                  ) : (
                    agent.directCount
                  )}
                </td>
                <td>{agent.teamSize}</td>
                <td>{formatTime(agent.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('agents.pages')} list={list} total={agents.data?.total ?? 0} />
      {can(me, 'agents.manage') && <MoveForm />}
      <Moves />
    </section>
  );
}

/** Moves a member under another agent (empty: no upline); the reason goes to the audit log and the moves list. */
function MoveForm() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<AgentMoveRow | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const toAgent = String(form.get('toAgent') ?? '').trim();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const moved = await apiCall(routes.agentMove, {
        body: {
          member: String(form.get('member') ?? '').trim(),
          toAgent: toAgent || null,
          reason: String(form.get('reason') ?? '').trim(),
        },
      });
      setDone(moved);
      formElement.reset();
      await invalidate(routes.agentList, routes.agentMoves);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel" onSubmit={(event) => void submit(event)} aria-labelledby="agents-move-title">
      <h2 id="agents-move-title">{t('agents.move.title')}</h2>
      <p className="hint">{t('agents.move.explain')}</p>
      <Field label={t('agents.move.member')} name="member" required maxLength={64} autoComplete="off" />
      <Field label={t('agents.move.to')} hint={t('agents.move.to_hint')} name="toAgent" maxLength={64} autoComplete="off" />
      <div className="field">
        <label htmlFor="agents-move-reason">{t('agents.move.reason')}</label>
        <textarea id="agents-move-reason" name="reason" required minLength={3} maxLength={200} rows={2} />
      </div>
      {error !== null && <ErrorNotice error={error} />}
      {done && (
        <p className="notice" role="status">
          {t('agents.move.done', { member: done.member, to: done.to ?? '–', count: done.movedMembers })}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {t('agents.move.submit')}
        </button>
      </div>
    </form>
  );
}

function Moves() {
  const { t } = useTranslation();
  const moves = useCall(routes.agentMoves, {});
  return (
    <section aria-labelledby="agents-moves-title">
      <h2 id="agents-moves-title">{t('agents.moves.title')}</h2>
      <QueryView query={moves} isEmpty={(data) => data.moves.length === 0} empty={t('agents.moves.none')}>
        {(data) => (
          <DataTable
            caption={t('agents.moves.title')}
            busy={moves.isFetching}
            head={
              <>
                <th scope="col">{t('agents.moves.at')}</th>
                <th scope="col">{t('agents.moves.member')}</th>
                <th scope="col">{t('agents.moves.from')}</th>
                <th scope="col">{t('agents.moves.to')}</th>
                <th scope="col">{t('agents.moves.count')}</th>
                <th scope="col">{t('agents.moves.by')}</th>
                <th scope="col">{t('agents.moves.reason')}</th>
              </>
            }
          >
            {data.moves.map((move) => (
              <tr key={move.id}>
                <td>{formatTime(move.at)}</td>
                <th scope="row">{move.member}</th>
                <td>{move.from ?? '–'}</td>
                <td>{move.to ?? '–'}</td>
                <td>{move.movedMembers}</td>
                <td>{move.by}</td>
                <td>{move.reason}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </section>
  );
}

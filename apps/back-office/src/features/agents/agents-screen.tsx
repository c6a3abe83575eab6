import type { AgentMoveRow } from '@tessera/contract/api/back-office-agents';
import * as routes from '@tessera/contract/routes/back-office-agents';
import { AGENT_LIST_PAGE_SIZES } from '@tessera/contract/routes/back-office-agents';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { can, useStaffSession } from '../../lib/session';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';

type PageSize = (typeof AGENT_LIST_PAGE_SIZES)[number];

/**
 * Agents: each with their upline and downline sizes, searchable by account and paged on the server; moving a member,
 * with everyone under them, to another agent (audited, with a reason); and the latest moves.
 */
export function AgentsScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim());
    setPage(1);
  };

  return (
    <section aria-labelledby="agents-title">
      <h1 id="agents-title">{t('agents.title')}</h1>
      <form className="panel filters" onSubmit={submit} aria-label={t('agents.search')}>
        <Field label={t('agents.query')} hint={t('agents.query_hint')} name="q" maxLength={64} autoComplete="off" />
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('agents.find')}
          </button>
        </div>
      </form>
      <AgentList q={q} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
      {can(me, 'agents.manage') && <MoveForm />}
      <Moves />
    </section>
  );
}

function AgentList({
  q,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  q: string;
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  const list = useCall(routes.agentList, { q: q || undefined, page, pageSize });
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.agents.length === 0) return <Empty>{t(q ? 'agents.none_found' : 'agents.none')}</Empty>;
  return (
    <>
      <p className="lead" aria-live="polite">
        {t('agents.count', { count: list.data.total })}
      </p>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{t('agents.results')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agents.col.account')}</th>
              <th scope="col">{t('agents.col.type')}</th>
              <th scope="col">{t('agents.col.status')}</th>
              <th scope="col">{t('agents.col.upline')}</th>
              <th scope="col">{t('agents.col.direct')}</th>
              <th scope="col">{t('agents.col.team')}</th>
              <th scope="col">{t('agents.col.created')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.agents.map((agent) => (
              <tr key={agent.id}>
                <th scope="row">{agent.account}</th>
                <td>{agent.agentType}</td>
                <td>{t(`agents.status.${agent.status}`)}</td>
                <td>{agent.upline ?? '–'}</td>
                <td>{agent.directCount}</td>
                <td>{agent.teamSize}</td>
                <td>{formatTime(agent.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label={t('agents.pages')}
        sizes={AGENT_LIST_PAGE_SIZES}
        page={page}
        pageSize={pageSize}
        total={list.data.total}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </>
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
      {moves.isPending ? (
        <Loading />
      ) : moves.isError ? (
        <ErrorNotice error={moves.error} onRetry={() => void moves.refetch()} />
      ) : moves.data.moves.length === 0 ? (
        <Empty>{t('agents.moves.none')}</Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t('agents.moves.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('agents.moves.at')}</th>
                <th scope="col">{t('agents.moves.member')}</th>
                <th scope="col">{t('agents.moves.from')}</th>
                <th scope="col">{t('agents.moves.to')}</th>
                <th scope="col">{t('agents.moves.count')}</th>
                <th scope="col">{t('agents.moves.by')}</th>
                <th scope="col">{t('agents.moves.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {moves.data.moves.map((move) => (
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
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import * as routes from '@tessera/contract/routes/back-office';
import { AUDIT_PAGE_SIZES } from '@tessera/contract/routes/back-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { dayEnd, dayStart, formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';
import { changedFields, oneLine } from './change-summary';

interface Filters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { actor: '', action: '', target: '', from: '', to: '' };

const toQuery = (filters: Filters) => ({
  actor: filters.actor || undefined,
  action: filters.action || undefined,
  target: filters.target || undefined,
  from: dayStart(filters.from),
  to: dayEnd(filters.to),
});

/** The audit log: filtered and paged on the server, newest first, exported as CSV with the same filters. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<(typeof AUDIT_PAGE_SIZES)[number]>(25);
  const [exportError, setExportError] = useState<unknown>(null);
  const log = useCall(routes.auditList, { ...toQuery(filters), page, pageSize });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: keyof Filters) => String(form.get(name) ?? '').trim();
    setFilters({ actor: text('actor'), action: text('action'), target: text('target'), from: text('from'), to: text('to') });
    setPage(1);
  };

  const exportCsv = async () => {
    setExportError(null);
    try {
      const answer = await apiCall(routes.auditExport, { query: toQuery(filters) });
      downloadText('audit-log.csv', answer.csv, 'text/csv');
    } catch (failure) {
      setExportError(failure);
    }
  };

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <form className="panel filters" onSubmit={apply} aria-label={t('audit.filters')}>
        <Field label={t('audit.actor')} name="actor" defaultValue={filters.actor} maxLength={64} />
        <Field
          label={t('audit.action')}
          hint={t('audit.action_hint')}
          name="action"
          defaultValue={filters.action}
          maxLength={64}
        />
        <Field label={t('audit.target')} name="target" defaultValue={filters.target} maxLength={128} />
        <Field label={t('audit.from')} name="from" type="date" defaultValue={filters.from} />
        <Field label={t('audit.to')} name="to" type="date" defaultValue={filters.to} />
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="btn" onClick={() => void exportCsv()}>
            {t('audit.export')}
          </button>
        </div>
      </form>
      {exportError !== null && <ErrorNotice error={exportError} />}

      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <ErrorNotice error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.entries.length === 0 ? (
        <Empty>{t('audit.empty')}</Empty>
      ) : (
        <>
          <p className="lead" aria-live="polite">
            {t('audit.count', { count: log.data.total })}
          </p>
          <div className="table-wrap">
            <table className="audit-table">
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.actor')}</th>
                  <th scope="col">{t('audit.where')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.change')}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.entries.map((entry) => (
                  <tr key={entry.seq}>
                    <td>{entry.seq}</td>
                    <td>{formatTime(entry.at)}</td>
                    <td>
                      {entry.actor} <span className="muted">({entry.actorKind})</span>
                    </td>
                    <td>{entry.ip ?? '–'}</td>
                    <td>
                      <code>{entry.action}</code>
                    </td>
                    <td>{entry.target ?? '–'}</td>
                    <td className="change">
                      <ChangeCell before={entry.before} after={entry.after} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager
        label={t('audit.pages')}
        page={page}
        total={log.data?.total ?? 0}
        pageSize={pageSize}
        sizes={AUDIT_PAGE_SIZES}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </section>
  );
}

/** One line naming what changed; the full values before and after behind a disclosure. */
function ChangeCell({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  if (before == null && after == null) return <span className="muted">–</span>;
  const fields = changedFields(before, after);
  const summary = fields
    ? t('audit.changed_fields', { fields: fields.length > 0 ? fields.join(', ') : '–' })
    : `${oneLine(before)} → ${oneLine(after)}`;
  return (
    <details>
      <summary>{summary}</summary>
      <dl className="change-values">
        <dt>{t('audit.before')}</dt>
        <dd>
          <pre>{before == null ? '–' : JSON.stringify(before, null, 2)}</pre>
        </dd>
        <dt>{t('audit.after')}</dt>
        <dd>
          <pre>{after == null ? '–' : JSON.stringify(after, null, 2)}</pre>
        </dd>
      </dl>
    </details>
  );
}

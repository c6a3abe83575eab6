import { PAST_PRESETS } from '@tessera/contract/date-presets';
import * as routes from '@tessera/contract/routes/back-office';
import { AUDIT_PAGE_SIZES } from '@tessera/contract/routes/back-office';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { dayEnd, dayStart, formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { ErrorNotice } from '../../ui/states';
import { changedFields, oneLine } from './change-summary';

const LIST = {
  filters: { actor: '', action: '', target: '', from: '', to: '' },
  sort: { sort: 'seq' as const, order: 'desc' as const },
  sorts: ['seq'] as const,
  pageSize: 25 as const,
  sizes: AUDIT_PAGE_SIZES,
};

const toQuery = (filters: typeof LIST.filters) => ({
  actor: filters.actor || undefined,
  action: filters.action || undefined,
  target: filters.target || undefined,
  from: dayStart(filters.from),
  to: dayEnd(filters.to),
});

/** The audit log: filtered and paged on the server, newest first, exported as CSV with the same filters. */
export function AuditScreen() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const [exportError, setExportError] = useState<unknown>(null);
  const log = useCall(routes.auditList, { ...toQuery(list.filters), page: list.page, pageSize: list.pageSize });

  const exportCsv = async () => {
    setExportError(null);
    try {
      const answer = await apiCall(routes.auditExport, { query: toQuery(list.filters) });
      downloadText('audit-log.csv', answer.csv, 'text/csv');
    } catch (failure) {
      setExportError(failure);
    }
  };

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <FilterForm
        label={t('audit.filters')}
        fields={[
          { kind: 'text', name: 'actor', label: t('audit.actor'), maxLength: 64 },
          { kind: 'text', name: 'action', label: t('audit.action'), hint: t('audit.action_hint'), maxLength: 64 },
          { kind: 'text', name: 'target', label: t('audit.target'), maxLength: 128 },
          { kind: 'days', from: 'from', to: 'to', fromLabel: t('audit.from'), toLabel: t('audit.to'), presets: PAST_PRESETS },
        ]}
        values={list.filters}
        onApply={list.setFilters}
        onExport={() => void exportCsv()}
      />
      {exportError !== null && <ErrorNotice error={exportError} />}
      <QueryView
        query={log}
        isEmpty={(data) => data.entries.length === 0}
        empty={t('audit.empty')}
        count={(data) => t('audit.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={t('audit.title')}
            className="audit-table"
            busy={log.isFetching}
            head={
              <>
                <th scope="col">#</th>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.actor')}</th>
                <th scope="col">{t('audit.where')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.change')}</th>
              </>
            }
          >
            {data.entries.map((entry) => (
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
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('audit.pages')} list={list} total={log.data?.total ?? 0} />
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

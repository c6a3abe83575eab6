import type { AnswerOf } from '@tessera/contract/api/call-types';
import * as routes from '@tessera/contract/routes/back-office-content';
import { CONTENT_PAGE_SIZES, CONTENT_SORTS, CONTENT_STATES } from '@tessera/contract/routes/back-office-content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';
import { CONTENT_TYPES, type ContentDraft, type ContentType, draftOf, emptyDraft } from './content-draft';
import { ContentEditor } from './content-editor';
import { HelpCentreEditor } from './help-centre-editor';

type Item = AnswerOf<typeof routes.contentList>['items'][number];

interface Filters {
  type?: ContentType;
  state?: (typeof CONTENT_STATES)[number];
  search?: string;
  sort: (typeof CONTENT_SORTS)[number];
}

/** Notices, banners, popups, promotions and headlines: filtered and paged on the server, edited with a preview. */
export function ContentScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ sort: 'start-desc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<(typeof CONTENT_PAGE_SIZES)[number]>(25);
  const [editing, setEditing] = useState<{ id: string | null; draft: ContentDraft } | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useCall(routes.contentList, { ...filters, page, pageSize });
  const invalidate = useInvalidate();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setFilters({
      type: value('type') as ContentType | undefined,
      state: value('state') as Filters['state'],
      search: value('search'),
      sort: (value('sort') as Filters['sort'] | undefined) ?? 'start-desc',
    });
    setPage(1);
  };

  const act = async (action: () => Promise<unknown>, message: string) => {
    setActionError(null);
    setDone(null);
    try {
      await action();
      setDone(message);
      await invalidate(routes.contentList);
    } catch (failure) {
      setActionError(failure);
    }
  };

  const exportCsv = () =>
    act(async () => {
      const { sort, ...rest } = filters;
      const answer = await apiCall(routes.contentExport, { query: { ...rest, sort } });
      downloadText('content.csv', answer.csv, 'text/csv');
    }, t('content.exported'));

  const saved = async () => {
    setEditing(null);
    setDone(t('content.saved'));
    await invalidate(routes.contentList);
  };

  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">{t('content.title')}</h1>
      {editing ? (
        <ContentEditor id={editing.id} initial={editing.draft} onDone={() => void saved()} onCancel={() => setEditing(null)} />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setEditing({ id: null, draft: emptyDraft(filters.type ?? 'PL') })}
          >
            {t('content.add')}
          </button>
        </div>
      )}
      {done && (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      )}
      {actionError !== null && <ErrorNotice error={actionError} />}

      <form className="panel filters" onSubmit={apply} aria-label={t('content.filters')}>
        <div className="field">
          <label htmlFor="content-type-filter">{t('content.type')}</label>
          <select id="content-type-filter" name="type" defaultValue={filters.type ?? ''}>
            <option value="">{t('content.all')}</option>
            {CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`content.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="content-state-filter">{t('content.state')}</label>
          <select id="content-state-filter" name="state" defaultValue={filters.state ?? ''}>
            <option value="">{t('content.all')}</option>
            {CONTENT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`content.states.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t('content.search')} name="search" defaultValue={filters.search ?? ''} maxLength={100} />
        <div className="field">
          <label htmlFor="content-sort">{t('content.sort_by')}</label>
          <select id="content-sort" name="sort" defaultValue={filters.sort}>
            {CONTENT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`content.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('content.apply')}
          </button>
          <button type="button" className="btn" onClick={() => void exportCsv()}>
            {t('content.export')}
          </button>
        </div>
      </form>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Empty>{t('content.empty')}</Empty>
      ) : (
        <>
          <p className="lead" aria-live="polite">
            {t('content.count', { count: list.data.total })}
          </p>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{t('content.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('content.type')}</th>
                  <th scope="col">{t('content.title_field')}</th>
                  <th scope="col">{t('content.state')}</th>
                  <th scope="col">{t('content.start')}</th>
                  <th scope="col">{t('content.end')}</th>
                  <th scope="col">{t('content.sort')}</th>
                  <th scope="col">{t('content.updated')}</th>
                  <th scope="col">{t('content.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => (
                  <Row
                    key={item.id}
                    item={item}
                    onEdit={() => setEditing({ id: item.id, draft: draftOf(item) })}
                    onEnd={() =>
                      void act(() => apiCall(routes.contentEnd, { body: { id: item.id } }), t('content.ended', { id: item.id }))
                    }
                    onRemove={() => {
                      if (window.confirm(t('content.confirm_remove', { id: item.id })))
                        void act(
                          () => apiCall(routes.contentRemove, { body: { id: item.id } }),
                          t('content.removed', { id: item.id }),
                        );
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager
        label={t('content.pages')}
        page={page}
        total={list.data?.total ?? 0}
        pageSize={pageSize}
        sizes={CONTENT_PAGE_SIZES}
        onPage={setPage}
        onPageSize={setPageSize}
      />

      <HelpCentreEditor />
    </section>
  );
}

function Row({ item, onEdit, onEnd, onRemove }: { item: Item; onEdit: () => void; onEnd: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const title = item.texts.en?.title ?? Object.values(item.texts)[0]?.title ?? '';
  return (
    <tr>
      <td>{item.id}</td>
      <td>{t(`content.types.${item.type}`)}</td>
      <td className="truncate" title={title}>
        {title}
        <span className="muted"> ({Object.keys(item.texts).join(', ')})</span>
      </td>
      <td>
        <span className={`badge badge-${item.state}`}>{t(`content.states.${item.state}`)}</span>
      </td>
      <td>{formatTime(item.startTime)}</td>
      <td>{item.endTime === null ? '–' : formatTime(item.endTime)}</td>
      <td>{item.sortOrder}</td>
      <td>
        {formatTime(item.updatedAt)} <span className="muted">{item.updatedBy}</span>
      </td>
      <td className="row-actions">
        <button type="button" className="btn" onClick={onEdit} aria-label={t('content.edit', { id: item.id })}>
          {t('content.edit_short')}
        </button>
        {item.state !== 'ended' && (
          <button type="button" className="btn" onClick={onEnd} aria-label={t('content.end_now', { id: item.id })}>
            {t('content.end_short')}
          </button>
        )}
        <button type="button" className="btn btn-danger" onClick={onRemove} aria-label={t('content.remove', { id: item.id })}>
          {t('content.remove_short')}
        </button>
      </td>
    </tr>
  );
}

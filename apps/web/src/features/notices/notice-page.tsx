import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { Pagination } from '../../ui/pagination';
import { SafeHtml } from '../../ui/safe-html';
import { noticeListQuery } from '../content/api/get-notice-list';

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** Spec §2.6 notice list: nine a page, title, sanitised HTML content and time; the page is in the URL. */
export function Screen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const notices = useQuery(noticeListQuery(page, i18n.language));
  const hrefFor = (target: number) => (target === 1 ? '?' : `?page=${target}`);
  const handleNavigate = (target: number) => {
    setParams(target === 1 ? {} : { page: String(target) });
    window.scrollTo({ top: 0 });
  };

  let body: ReactNode;
  if (notices.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('app.screen_loading')}</span>
        {[0, 1, 2].map((index) => (
          <div key={index} aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-slate-900" />
        ))}
      </div>
    );
  } else if (notices.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert">{t(errorMessageKey(notices.error))}</p>
        <Button onClick={() => void notices.refetch()}>{t('app.boot.retry')}</Button>
      </div>
    );
  } else if (notices.data.content.length === 0) {
    body = <EmptyState title={t('notices.empty')} />;
  } else {
    body = (
      <>
        <ol
          className={`flex flex-col gap-3 ${notices.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={notices.isPlaceholderData}
        >
          {notices.data.content.map((notice) => (
            <li key={notice.id}>
              <article aria-labelledby={`notice-${notice.id}`} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
                <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 id={`notice-${notice.id}`} className="font-semibold text-slate-50">
                    {notice.title}
                  </h2>
                  <time dateTime={new Date(notice.time).toISOString()} className="font-mono text-xs text-slate-400">
                    {formatDateTime(notice.time)}
                  </time>
                </header>
                <SafeHtml html={notice.content} className="text-sm leading-relaxed text-slate-300" />
              </article>
            </li>
          ))}
        </ol>
        <Pagination
          current={Math.min(page, Math.max(notices.data.totalPages, 1))}
          total={notices.data.totalPages}
          hrefFor={hrefFor}
          onNavigate={handleNavigate}
          labels={{
            nav: t('notices.pages'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            page: (number) => t('pagination.page', { page: number }),
          }}
        />
      </>
    );
  }
  return <Page title={t('routes.notices')}>{body}</Page>;
}

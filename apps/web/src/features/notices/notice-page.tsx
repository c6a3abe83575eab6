import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { EmptyState } from '../../ui/empty-state';
import { ListStates } from '../../ui/list-page/list-states';
import { Pagination } from '../../ui/list-page/pagination';
import { useListParams } from '../../ui/list-page/use-list-params';
import { Page } from '../../ui/page';
import { SafeHtml } from '../../ui/safe-html';
import { noticeListQuery } from '../content/api/get-notice-list';

/** Spec §2.6 notice list: nine a page, title, sanitised HTML content and time; the page is in the URL. */
export function Screen() {
  const { t, i18n } = useTranslation();
  const { page, hrefFor, onNavigate } = useListParams('page', { replace: false });
  const notices = useQuery(noticeListQuery(page, i18n.language));
  const handleNavigate = (target: number) => {
    onNavigate(target);
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={t('routes.notices')}>
      <ListStates
        query={notices}
        isEmpty={(data) => data.content.length === 0}
        empty={<EmptyState title={t('notices.empty')} />}
        failedText={errorMessageKey(notices.error)}
        loading={
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('app.screen_loading')}</span>
            {[0, 1, 2].map((index) => (
              <div key={index} aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-slate-900" />
            ))}
          </div>
        }
      >
        {(data) => (
          <>
            <ol
              className={`flex flex-col gap-3 ${notices.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={notices.isPlaceholderData}
            >
              {data.content.map((notice) => (
                <li key={notice.id}>
                  <article
                    aria-labelledby={`notice-${notice.id}`}
                    className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
                  >
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
              current={Math.min(page, Math.max(data.totalPages, 1))}
              total={data.totalPages}
              hrefFor={hrefFor}
              onNavigate={handleNavigate}
              labels={{ nav: t('notices.pages') }}
            />
          </>
        )}
      </ListStates>
    </Page>
  );
}

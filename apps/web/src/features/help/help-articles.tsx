import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { SafeHtml } from '../../ui/safe-html';
import { Spinner } from '../../ui/spinner';
import { helpCenterQuery, localised } from './api/get-help-center';

/** The operator's help items (terms, privacy, …), each an anchor so /help#terms lands on it. */
export function HelpArticles() {
  const { t, i18n } = useTranslation();
  const help = useQuery(helpCenterQuery());
  const { hash } = useLocation();
  const hasData = help.data !== undefined;
  // Scrolling to an anchor is a DOM effect of the content appearing, not data plumbing.
  useEffect(() => {
    if (hasData && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hasData, hash]);

  if (help.isPending) {
    return (
      <div role="status" className="grid place-items-center py-12">
        <Spinner />
        <span className="sr-only">{t('app.screen_loading')}</span>
      </div>
    );
  }
  if (help.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert">{t(errorMessageKey(help.error))}</p>
        <Button onClick={() => void help.refetch()}>{t('app.boot.retry')}</Button>
      </div>
    );
  }
  if (help.data.length === 0) return <EmptyState title={t('help.empty')} />;
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label={t('help.contents')} className="md:w-56 md:shrink-0">
        <ul className="flex flex-wrap gap-2 md:flex-col">
          {help.data.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} className="block rounded-lg px-3 py-2 text-sm text-slate-300 hover:bg-slate-800">
                {localised(item.title, i18n.language)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col gap-8">
        {help.data.map((item) => (
          <article key={item.id} id={item.id} className="scroll-mt-20">
            <h2 className="mb-2 text-lg font-semibold">{localised(item.title, i18n.language)}</h2>
            <SafeHtml html={localised(item.content, i18n.language)} className="text-sm leading-relaxed text-slate-300" />
          </article>
        ))}
      </div>
    </div>
  );
}

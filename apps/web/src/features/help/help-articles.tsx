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
  const anchor = decodeURIComponent(hash.slice(1));
  return (
    <div className="flex flex-col gap-3">
      {help.data.map((item) => (
        // An accordion of native disclosures: /help#terms opens the terms and scrolls to them.
        <details
          key={item.id}
          id={item.id}
          open={item.id === anchor || undefined}
          className="group scroll-mt-20 rounded-xl border border-slate-800 bg-slate-900/60"
        >
          <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 py-3 font-semibold text-slate-100 hover:bg-slate-800/60">
            <span aria-hidden="true" className="inline-block text-amber-400 transition-transform group-open:rotate-90">
              ›
            </span>
            <h2 className="text-base">{localised(item.title, i18n.language)}</h2>
          </summary>
          <SafeHtml html={localised(item.content, i18n.language)} className="px-4 pb-4 text-sm leading-relaxed text-slate-300" />
        </details>
      ))}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { imageUrl } from '../../lib/image-loader';
import { useSystemStatus } from '../../lib/system-status';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LazyImage } from '../../ui/lazy-image';
import { Page } from '../../ui/page';
import { announcementsQuery } from '../content/api/get-announcements';

/** Promotions list: the operator's promotion announcements (type PR) running now. */
export function Screen() {
  const { t, i18n } = useTranslation();
  const { info } = useSystemStatus();
  const announcements = useQuery(announcementsQuery(i18n.language));
  let body: ReactNode;
  if (announcements.isPending) {
    body = (
      <div role="status" className="grid gap-4 sm:grid-cols-2">
        <span className="sr-only">{t('app.screen_loading')}</span>
        {[0, 1].map((index) => (
          <div key={index} aria-hidden="true" className="h-56 animate-pulse rounded-2xl bg-slate-900" />
        ))}
      </div>
    );
  } else if (announcements.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert">{t(errorMessageKey(announcements.error))}</p>
        <Button onClick={() => void announcements.refetch()}>{t('app.boot.retry')}</Button>
      </div>
    );
  } else if (announcements.data.promotion.length === 0) {
    body = <EmptyState title={t('promotions.empty')} text={t('promotions.empty_text')} />;
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2">
        {announcements.data.promotion.map((promo) => (
          <li key={promo.id}>
            <Link
              to={`/promoDetail?id=${encodeURIComponent(promo.id)}`}
              className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 hover:border-amber-400/60"
            >
              {promo.url && <LazyImage src={imageUrl(promo.url, info.imageCDNs)} alt="" className="aspect-[16/7] w-full" />}
              <span className="flex flex-1 flex-col gap-1 p-4">
                <span className="font-semibold text-slate-50">{promo.title}</span>
                <span className="text-xs text-slate-400">
                  {promo.endTime === null
                    ? t('promotions.from', { start: formatDate(promo.time) })
                    : t('promotions.period', { start: formatDate(promo.time), end: formatDate(promo.endTime) })}
                </span>
                <span className="mt-auto pt-2 text-sm text-amber-300">{t('promotions.details')}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return <Page title={t('routes.promotions')}>{body}</Page>;
}

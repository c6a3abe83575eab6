import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { imageUrl } from '../../lib/image-loader';
import { useSystemStatus } from '../../lib/system-status';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { SafeHtml } from '../../ui/safe-html';
import { announcementsQuery } from '../content/api/get-announcements';

/** /promoDetail?id=…: one running promotion (public view: no joining or claiming here). */
export function Screen() {
  const { t, i18n } = useTranslation();
  const { info } = useSystemStatus();
  const [params] = useSearchParams();
  const id = params.get('id');
  const announcements = useQuery(announcementsQuery(i18n.language));
  const back = (
    <Link to="/promotions" className={buttonClass('secondary')}>
      {t('promotions.back')}
    </Link>
  );
  if (announcements.isPending) {
    return (
      <Page title={t('routes.promo_detail')}>
        <div role="status" className="h-64 animate-pulse rounded-2xl bg-slate-900">
          <span className="sr-only">{t('app.screen_loading')}</span>
        </div>
      </Page>
    );
  }
  if (announcements.isError) {
    return (
      <Page title={t('routes.promo_detail')}>
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <p role="alert">{t(errorMessageKey(announcements.error))}</p>
          <Button onClick={() => void announcements.refetch()}>{t('app.boot.retry')}</Button>
        </div>
      </Page>
    );
  }
  const promo = announcements.data.promotion.find((item) => item.id === id);
  if (!promo) {
    return (
      <Page title={t('routes.promo_detail')}>
        <EmptyState title={t('promotions.detail_missing')} action={back} />
      </Page>
    );
  }
  const src = imageUrl(promo.url, info.imageCDNs);
  return (
    <Page title={promo.title}>
      {src && <img src={src} alt="" className="aspect-[16/7] w-full rounded-2xl object-cover" />}
      <p className="text-sm text-slate-400">
        {promo.endTime === null
          ? t('promotions.from', { start: formatDate(promo.time) })
          : t('promotions.period', { start: formatDate(promo.time), end: formatDate(promo.endTime) })}
      </p>
      <SafeHtml html={promo.content} className="leading-relaxed text-slate-200" />
      <div>{back}</div>
    </Page>
  );
}

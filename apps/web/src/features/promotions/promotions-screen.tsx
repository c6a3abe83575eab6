import { useQuery } from '@tanstack/react-query';
import type { Promotion } from '@tessera/contract/api/promotions';
import type { PromotionStatus } from '@tessera/contract/routes/promotions';
import type { ParseKeys } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { imageUrl } from '../../lib/image-loader';
import { useSession } from '../../lib/session';
import { useSystemStatus } from '../../lib/system-status';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LazyImage } from '../../ui/lazy-image';
import { Page } from '../../ui/page';
import { promotionsQuery } from './api/promotions';
import { StatusBadge } from './status-badge';

const FILTERS: { id: string; label: ParseKeys; statuses: PromotionStatus[] | null }[] = [
  { id: 'all', label: 'promotions.filter.all', statuses: null },
  { id: 'open', label: 'promotions.filter.open', statuses: ['join', 'claim'] },
  { id: 'mine', label: 'promotions.filter.mine', statuses: ['joined', 'process', 'claimed', 'rejected'] },
  { id: 'soon', label: 'promotions.filter.soon', statuses: ['coming_soon'] },
];

function PromotionCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const { info } = useSystemStatus();
  const src = imageUrl(promotion.image, info.imageCDNs);
  return (
    <Link
      to={`/promoDetail?id=${encodeURIComponent(promotion.id)}`}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 hover:border-amber-400/60"
      data-testid="promotion-card"
    >
      {src && <LazyImage src={src} alt="" className="aspect-[16/7] w-full" />}
      <span className="flex flex-1 flex-col gap-1 p-4">
        <span className="flex items-start justify-between gap-2">
          <span className="font-semibold text-slate-50">{promotion.title}</span>
          <StatusBadge status={promotion.status} />
        </span>
        <span className="text-xs text-slate-400">
          {promotion.endTime === null
            ? t('promotions.from', { start: formatDate(promotion.startTime) })
            : t('promotions.period', { start: formatDate(promotion.startTime), end: formatDate(promotion.endTime) })}
        </span>
        <span className="mt-auto pt-2 text-sm text-amber-300">{t('promotions.details')}</span>
      </span>
    </Link>
  );
}

/** Promotions list (/promotions): the merchant's promotions with the member's status, filtered on the page. */
export function Screen() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const promotions = useQuery(promotionsQuery(token, i18n.language));
  const [filter, setFilter] = useState('all');
  const chosen = FILTERS.find((entry) => entry.id === filter) ?? FILTERS[0];
  let body: ReactNode;
  if (promotions.isPending) {
    body = (
      <div role="status" className="grid gap-4 sm:grid-cols-2">
        <span className="sr-only">{t('app.screen_loading')}</span>
        {[0, 1].map((index) => (
          <div key={index} aria-hidden="true" className="h-56 animate-pulse rounded-2xl bg-slate-900" />
        ))}
      </div>
    );
  } else if (promotions.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert">{t(errorMessageKey(promotions.error))}</p>
        <Button onClick={() => void promotions.refetch()}>{t('app.boot.retry')}</Button>
      </div>
    );
  } else {
    const shown = promotions.data.list.filter((promotion) => !chosen?.statuses || chosen.statuses.includes(promotion.status));
    body =
      shown.length === 0 ? (
        <EmptyState title={t('promotions.empty')} text={t('promotions.empty_text')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {shown.map((promotion) => (
            <li key={promotion.id}>
              <PromotionCard promotion={promotion} />
            </li>
          ))}
        </ul>
      );
  }
  return (
    <Page title={t('routes.promotions')}>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('promotions.filter.label')}</legend>
        {FILTERS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            aria-pressed={entry.id === filter}
            onClick={() => setFilter(entry.id)}
            className="min-h-10 rounded-full border border-slate-700 px-4 text-sm text-slate-200 aria-pressed:border-amber-400 aria-pressed:bg-amber-400/15 aria-pressed:text-amber-100"
          >
            {t(entry.label)}
          </button>
        ))}
      </fieldset>
      {body}
    </Page>
  );
}

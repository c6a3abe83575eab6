import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Promotion } from '@tessera/contract/api/promotions';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { passesGate } from '../../lib/gated-action';
import { imageUrl } from '../../lib/image-loader';
import { useSession } from '../../lib/session';
import { useSystemStatus } from '../../lib/system-status';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { joinPromotion, promotionQuery } from './api/promotions';
import { BonusProgressCard } from './bonus-progress';
import { PromotionTerms } from './promotion-terms';
import { RaffleSection } from './raffle-section';
import { RebateProgressCard } from './rebate-progress';
import { StatusBadge } from './status-badge';

/** The one action a status offers, and what the screen says after it. */
function JoinAction({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [error, setError] = useState<ParseKeys | null>(null);
  const join = useMutation({
    mutationFn: () => joinPromotion(promotion.id),
    onSuccess: (value) => {
      client.setQueriesData({ queryKey: ['promotions', 'detail'] }, (old: Promotion | undefined) =>
        old?.id === value.id ? value : old,
      );
      void client.invalidateQueries({ queryKey: ['promotions'] });
      void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
      setError(null);
    },
    onError: (failure) => setError(errorMessageKey(failure)),
  });
  if ((promotion.status !== 'join' && promotion.status !== 'claim') || promotion.type === 'rebate') return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button onClick={() => passesGate() && join.mutate()} disabled={join.isPending} data-testid="promotion-join">
        {t(promotion.status === 'join' ? 'promotions.action.join' : 'promotions.action.claim')}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-rose-200">
          {t(error)}
        </p>
      )}
    </div>
  );
}

const EXPLAINED: Partial<Record<Promotion['status'], ParseKeys>> = {
  joined: 'promotions.explain.joined',
  applying: 'promotions.explain.applying',
  claimed: 'promotions.explain.claimed',
  coming_soon: 'promotions.explain.coming_soon',
};

/** What the member's status means, in one line. */
function StatusLine({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const text: ParseKeys | null = promotion.reason
    ? `promotions.reason.${promotion.reason}`
    : promotion.type === 'rebate' && (promotion.status === 'process' || promotion.status === 'join')
      ? 'promotions.explain.rebate'
      : promotion.type === 'raffle' && promotion.status === 'claimed'
        ? 'promotions.explain.raffle_claimed'
        : (EXPLAINED[promotion.status] ?? null);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="promotion-status">
      <StatusBadge status={promotion.status} />
      {text && <span className="text-sm text-slate-300">{t(text)}</span>}
    </div>
  );
}

/** /promoDetail?id=…: a promotion's text and terms, the member's status with join or claim, and wagering progress. */
export function Screen() {
  const { t, i18n } = useTranslation();
  const { info } = useSystemStatus();
  const token = useSession((state) => state.token);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const isValidId = /^[1-9][0-9]{0,18}$/.test(id);
  const promotion = useQuery({ ...promotionQuery(token, i18n.language, id), enabled: isValidId });
  const back = (
    <Link to="/promotions" className={buttonClass('secondary')}>
      {t('promotions.back')}
    </Link>
  );
  if (!isValidId || (promotion.isError && /not_found/.test(errorMessageKey(promotion.error)))) {
    return (
      <Page title={t('routes.promo_detail')}>
        <EmptyState title={t('promotions.detail_missing')} action={back} />
      </Page>
    );
  }
  if (promotion.isPending) {
    return (
      <Page title={t('routes.promo_detail')}>
        <div role="status" className="h-64 animate-pulse rounded-2xl bg-slate-900">
          <span className="sr-only">{t('app.screen_loading')}</span>
        </div>
      </Page>
    );
  }
  if (promotion.isError) {
    return (
      <Page title={t('routes.promo_detail')}>
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <p role="alert">{t(errorMessageKey(promotion.error))}</p>
          <Button onClick={() => void promotion.refetch()}>{t('app.boot.retry')}</Button>
        </div>
      </Page>
    );
  }
  const data = promotion.data;
  const src = imageUrl(data.image, info.imageCDNs);
  return (
    <Page title={data.title}>
      {src && <img src={src} alt="" className="aspect-[16/7] w-full rounded-2xl object-cover" />}
      <p className="text-sm text-slate-400">
        {data.endTime === null
          ? t('promotions.from', { start: formatDate(data.startTime) })
          : t('promotions.period', { start: formatDate(data.startTime), end: formatDate(data.endTime) })}
      </p>
      <StatusLine promotion={data} />
      {data.body && (
        <div className="flex flex-col gap-2 leading-relaxed text-slate-200">
          {data.body.split(/\n+/).map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never reorder, their position is their identity
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}
      <JoinAction promotion={data} />
      {data.rebate && <RebateProgressCard rebate={data.rebate} />}
      {data.type === 'raffle' && <RaffleSection promotionId={data.id} />}
      {data.bonus && <BonusProgressCard bonus={data.bonus} />}
      {data.type !== 'raffle' && <PromotionTerms promotion={data} />}
      <div>{back}</div>
    </Page>
  );
}

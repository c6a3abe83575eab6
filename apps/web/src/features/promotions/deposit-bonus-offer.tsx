import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEPOSIT_PROMOTION_TYPES } from '@tessera/contract/routes/promotions';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { joinPromotion, promotionsQuery } from './api/promotions';

/**
 * The deposit screen's bonus offer: the deposit matches this member may join now, each opted into with one press,
 * or the one already joined, which the next approved deposit pays. Nothing shows when none applies.
 */
export function DepositBonusOffer() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const promotions = useQuery({ ...promotionsQuery(token, i18n.language), enabled: token !== null });
  const [error, setError] = useState<ParseKeys | null>(null);
  const join = useMutation({
    mutationFn: joinPromotion,
    onSuccess: () => {
      setError(null);
      void client.invalidateQueries({ queryKey: ['promotions'] });
    },
    onError: (failure) => setError(errorMessageKey(failure)),
  });
  const matches = (promotions.data?.list ?? []).filter((promotion) => DEPOSIT_PROMOTION_TYPES.includes(promotion.type));
  const joined = matches.find((promotion) => promotion.status === 'joined');
  const open = matches.filter((promotion) => promotion.status === 'join');
  if (!joined && open.length === 0) return null;
  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-amber-400/40 bg-amber-950/20 p-4"
      data-testid="deposit-bonus-offer"
    >
      <h3 className="font-semibold text-amber-100">{t('promotions.deposit_offer.title')}</h3>
      {joined ? (
        <p className="text-sm text-slate-200" data-testid="deposit-bonus-joined">
          {t('promotions.deposit_offer.joined', { title: joined.title })}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-300">{t('promotions.deposit_offer.choose')}</p>
          <ul className="flex flex-col gap-2">
            {open.map((promotion) => (
              <li key={promotion.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm text-slate-100">
                  {promotion.title}
                  {promotion.terms.matchPercent !== null && (
                    <span className="ms-2 text-xs text-amber-200">
                      {t('promotions.deposit_offer.percent', { percent: promotion.terms.matchPercent })}
                    </span>
                  )}
                </span>
                <Button variant="secondary" onClick={() => join.mutate(promotion.id)} disabled={join.isPending}>
                  {t('promotions.deposit_offer.opt_in')}
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-400">{t('promotions.deposit_offer.opt_out')}</p>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-200">
          {t(error)}
        </p>
      )}
    </section>
  );
}
